// Constants of the code (a status, an event type, the demo domain, a fixed id, a number of
// seconds) written into a statement as SQL literals rather than parameters. A literal is part
// of the statement's text, as if typed there: the planner sees the value (a partial index's
// predicate, blank-scheduled-bodies.ts, matches only its own literal list) and the statement
// carries no extra parameters. Only plain tokens are accepted, so a value that came from input
// can never be passed here by mistake and slip into the text: values are always parameters.
import { Prisma } from "@/lib/generated/prisma/client";

const PLAIN = /^[A-Za-z0-9_.@:-]+$/;

function quoted(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`Not a constant integer for SQL: ${value}`);
    // Bracketed when negative: after a minus in the text, `-1` would read as `--1`, a comment.
    return value < 0 ? `(${value})` : String(value);
  }
  if (!PLAIN.test(value)) throw new Error(`Not a plain constant for SQL: ${JSON.stringify(value)}`);
  return `'${value}'`;
}

/** A constant of the code as a literal: `'email.sent'`, `30`. */
export const literal = (value: string | number): Prisma.Sql => Prisma.raw(quoted(value));

/** Constants as a comma-separated list of literals: `'a', 'b'` (inside ARRAY[…] or IN (…)). */
export const literals = (values: readonly (string | number)[]): Prisma.Sql => Prisma.raw(values.map(quoted).join(", "));
