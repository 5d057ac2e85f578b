// Where DATABASE_URL goes through a transaction pooler (PgBouncer, Supavisor, Neon's pooled
// host), migrations need a direct connection: they hold a session-level advisory lock and run
// DDL, which such a pooler does not keep on one server connection. Hosts name it differently.
import { env } from "@/lib/env";

export function directDatabaseUrl(): string | undefined {
  const e = env();
  return e.DIRECT_URL ?? e.DATABASE_URL_UNPOOLED;
}
