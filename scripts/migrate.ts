// npm run db:migrate — applies pending migrations to DATABASE_URL (or the embedded database).
import { applyMigrations } from "@/lib/db/migrate";
import { closeDb, dbHandle } from "@/lib/db/client";

const applied = await applyMigrations(dbHandle());
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
await closeDb();
