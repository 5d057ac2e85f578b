// Which address the per-address throttles count (lib/http/client-address.ts).
import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/http/client-address";

describe("clientAddress", () => {
  it("takes the entry the nearest proxy appended, not the one the client sent", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientAddress({ "x-forwarded-for": ["6.6.6.6", "198.51.100.7 "] })).toBe("198.51.100.7");
    expect(clientAddress({ "x-forwarded-for": "198.51.100.7" })).toBe("198.51.100.7");
  });

  it("falls back to X-Real-IP, then to one shared bucket", () => {
    expect(clientAddress(new Headers({ "x-real-ip": " 198.51.100.8" }))).toBe("198.51.100.8");
    expect(clientAddress(new Headers({ "x-forwarded-for": " , " }))).toBe("unknown");
    expect(clientAddress(undefined)).toBe("unknown");
  });
});
