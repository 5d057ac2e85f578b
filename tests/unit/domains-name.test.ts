// Domain names as stored: lower-case, IDNA to punycode, no trailing dot, host names only.
import { describe, expect, it } from "vitest";
import { normalizeDomainName } from "@/lib/domains/domain-name";
import { createDomainSchema } from "@/lib/domains/schemas";

describe("normalizeDomainName", () => {
  it.each([
    ["Example.COM", "example.com"],
    ["  mail.example.com.  ", "mail.example.com"],
    ["Bücher.de", "xn--bcher-kva.de"],
    ["例え.テスト", "xn--r8jz45g.xn--zckzah"],
    ["xn--bcher-kva.de", "xn--bcher-kva.de"],
    ["a-b.c-d.example", "a-b.c-d.example"],
    [`${"a".repeat(63)}.com`, `${"a".repeat(63)}.com`],
  ])("accepts %j as %j", (raw, name) => {
    expect(normalizeDomainName(raw)).toEqual({ ok: true, name });
  });

  it.each([
    ["", /give a domain name/],
    ["localhost", /top-level domain/],
    ["1.2.3.4", /IP address/],
    ["[::1]", /IP address/],
    ["::1", /IP address/],
    ["exa mple.com", /not a valid domain name/],
    ["a..b.com", /labels hold/],
    ["-a.com", /labels hold/],
    ["a-.com", /labels hold/],
    ["a_b.com", /labels hold/],
    ["*.example.com", /labels hold/],
    ["example.123", /not a valid domain name/],
    [`${"a".repeat(64)}.com`, /longer than 63/],
    [Array.from({ length: 52 }, () => "abcd").join("."), /at most 253/],
    ["xn--zz.com", /not a valid domain name/],
  ])("refuses %j", (raw, message) => {
    const r = normalizeDomainName(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it("is what the create schema stores, with inbound off and no tracking host by default", () => {
    expect(createDomainSchema.parse({ name: "Shop.Example.org." })).toEqual({
      name: "shop.example.org",
      inbound: false,
      claim: false,
      trackingHost: null,
    });
    expect(createDomainSchema.parse({ name: "example.org", trackingHost: "Track.Example.ORG." }).trackingHost).toBe("track.example.org");
    const bad = createDomainSchema.safeParse({ name: "not a domain" });
    expect(bad.success).toBe(false);
    expect(createDomainSchema.safeParse({ name: "example.com", extra: 1 }).success).toBe(false);
  });
});
