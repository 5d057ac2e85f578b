// Request ids: `req_` and 16 random bytes (22 base64url characters), drawn ahead in blocks;
// across several blocks every id is its own.
import { describe, expect, it } from "vitest";
import { newRequestId } from "@/lib/http/request-id";

describe("newRequestId", () => {
  it("answers req_ and 16 random bytes, a new id every time across many draws", () => {
    const ids = Array.from({ length: 2_000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(ids[0].slice(4), "base64url")).toHaveLength(16);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
