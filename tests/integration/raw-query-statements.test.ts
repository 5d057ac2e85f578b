// rawQuery runs each statement shape as its own named prepared statement, and knows a shape by
// its pieces (lib/db/raw-query.ts). Statements that begin alike, have the same number of pieces,
// or differ only inside a fragment built at run time must each run their own text, call after
// call, on connections that have prepared the others.
import { describe, expect, it } from "vitest";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";

const ofShape = (n: number) => Prisma.sql`SELECT ${Prisma.raw(String(n))}::int + ${0}::int AS v`;

describe("rawQuery's prepared statements", () => {
  it("keep statements apart that share their first piece, their length or all but a run-time fragment", async () => {
    const cases: [Prisma.Sql, Record<string, number>][] = [
      [Prisma.sql`SELECT ${1}::int AS a`, { a: 1 }],
      [Prisma.sql`SELECT ${1}::int AS b`, { b: 1 }],
      [Prisma.sql`SELECT ${2}::int AS a, ${3}::int AS b`, { a: 2, b: 3 }],
      [Prisma.sql`SELECT ${Prisma.sql`${4}::int`} AS a`, { a: 4 }],
      [Prisma.sql`SELECT ${Prisma.sql`${5}::int + 1`} AS a`, { a: 6 }],
      [ofShape(7), { v: 7 }],
      [ofShape(8), { v: 8 }],
      [ofShape(17), { v: 17 }],
    ];
    // Several rounds, concurrently: each connection of the pool prepares several shapes and meets each again.
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(cases.map(([statement]) => rawQuery<Record<string, number>>(statement)));
      expect(answers.map((rows) => rows[0])).toEqual(cases.map(([, expected]) => expected));
    }
  });
});
