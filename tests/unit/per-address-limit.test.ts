// An SMTP listener's connections per remote address: past the limit a connection is answered
// 421; a closed one frees its place; other addresses are not affected.
import { describe, expect, it } from "vitest";
import type { SMTPServerSession } from "smtp-server";
import { perAddressLimit } from "@/lib/smtp/per-address-limit";

const session = (remoteAddress: string) => ({ remoteAddress }) as SMTPServerSession;

describe("perAddressLimit", () => {
  it("admits up to the limit per address, answers 421 past it, and frees a place on close", () => {
    const limit = perAddressLimit(2);
    const [a, b, c] = [session("192.0.2.1"), session("192.0.2.1"), session("192.0.2.1")];
    expect(limit.admit(a)).toBeNull();
    expect(limit.admit(b)).toBeNull();
    expect(limit.admit(c)).toMatchObject({ responseCode: 421 });
    expect(limit.admit(session("198.51.100.7"))).toBeNull();
    limit.release(c); // never admitted: frees nothing
    expect(limit.admit(session("192.0.2.1"))).toMatchObject({ responseCode: 421 });
    limit.release(a);
    limit.release(a); // twice: counted once
    expect(limit.admit(c)).toBeNull();
    expect(limit.admit(session("192.0.2.1"))).toMatchObject({ responseCode: 421 });
  });
});
