// Constants of the code go into a statement's text as literals; anything else is refused, so a
// value from input can never reach the text through them (lib/db/sql-literal.ts).
import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { literal, literals } from "@/lib/db/sql-literal";

describe("SQL literals", () => {
  it("writes plain tokens and integers into the text, with no parameter", () => {
    const statement = Prisma.sql`SELECT 1 WHERE type IN (${literals(["email.sent", "email.bounced"])}) AND n > ${literal(-30)} AND k = ${literal("00000000-0000-0000-0000-000000000000")}`;
    expect(statement.text).toBe(
      "SELECT 1 WHERE type IN ('email.sent', 'email.bounced') AND n > (-30) AND k = '00000000-0000-0000-0000-000000000000'",
    );
    expect(statement.values).toEqual([]);
  });

  it("brackets a negative number, so a minus before it cannot turn it into a comment", () => {
    expect(Prisma.sql`SELECT 5 -${literal(-1)} AS n`.text).toBe("SELECT 5 -(-1) AS n");
  });

  it("refuses anything that could carry SQL", () => {
    for (const bad of ["it's", "a b", "x'; DROP TABLE messages; --", "", "a\\b", "é"])
      expect(() => literal(bad)).toThrow(/Not a plain constant/);
    for (const bad of [1.5, Number.NaN, 2 ** 60]) expect(() => literal(bad)).toThrow(/Not a constant integer/);
    expect(() => literals(["ok", "not ok"])).toThrow();
  });
});
