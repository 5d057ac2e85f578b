// PostgreSQL vacuums and analyzes busy tables itself (autovacuum, on by default and on every
// managed service). A server started with autovacuum off — as the development machines' CI
// cluster is — keeps every dead row and never refreshes the planner's statistics, so any
// long run on it slows down for reasons no deployment has. When autovacuum is off, this stands
// in for it on the benchmark's database: VACUUM (ANALYZE) once a minute, autovacuum's default
// naptime, and says so.
import pg from "pg";

export async function standInForAutovacuum(databaseUrl: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>("SHOW autovacuum");
  if (rows[0].autovacuum === "on") {
    await client.end();
    return async () => {};
  }
  console.log(
    "note: this PostgreSQL runs with autovacuum off; the benchmark runs VACUUM (ANALYZE) on its database once a minute in its stead",
  );
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => client.query("VACUUM (ANALYZE)").catch((err: Error) => console.error(`VACUUM failed: ${err.message}`)));
  }, 60_000);
  return async () => {
    clearInterval(timer);
    await running;
    await client.end();
  };
}
