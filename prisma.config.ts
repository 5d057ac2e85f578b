// Prisma CLI configuration (generate, migrate). The app itself never runs the CLI:
// it applies prisma/migrations on its own at start-up (lib/db/migrate.ts).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // `prisma generate` needs no database; migrate commands take DATABASE_URL.
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/mailroom" },
});
