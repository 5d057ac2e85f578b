// The statements a piece of work sends to PostgreSQL, as the pg driver sees them (under both
// Prisma's adapter and rawQuery's pools), each as its text with runs of white space made one.
import pg from "pg";

export async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const original = pg.Client.prototype.query;
  const statements: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text: string };
    statements.push((typeof q === "string" ? q : q.text).trim().replace(/\s+/g, " "));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await work(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}
