// The messages API's cursor: what it encodes decodes back; anything else (signed or six-digit
// years, dates that do not exist, extra parts, not a uuid) is not a cursor, so it is a 400 and
// never reaches the database.
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "@/lib/analytics/message-cursor";

const ID = "0b7f6c1e-4a2d-4c3b-9e8f-1a2b3c4d5e6f";
const raw = (text: string) => Buffer.from(text).toString("base64url");

describe("the message cursor", () => {
  it("decodes what it encoded", () => {
    const at = new Date("2026-11-28T10:15:30.123Z");
    expect(decodeCursor(encodeCursor({ createdAt: at, id: ID }))).toEqual({ createdAt: at, id: ID });
  });

  it.each([
    ["+275760-09-13T00:00:00.000Z", ID],
    ["-271821-04-20T00:00:00.000Z", ID],
    ["-004713-01-01T00:00:00.000Z", ID],
    ["0000-01-01T00:00:00.000Z", ID],
    ["1969-12-31T23:59:59.999Z", ID],
    ["2026-02-30T00:00:00.000Z", ID],
    ["2026-11-28T10:15:30Z", ID],
    ["2026-11-28", ID],
    ["2026-11-28T10:15:30.123Z", "not-a-uuid"],
    ["2026-11-28T10:15:30.123Z", `${ID}|extra`],
  ])("refuses %s | %s", (at, id) => {
    expect(decodeCursor(raw(`${at}|${id}`))).toBeNull();
  });

  it("refuses text that is not base64url of a cursor", () => {
    expect(decodeCursor("not a cursor")).toBeNull();
    expect(decodeCursor("")).toBeNull();
  });
});
