// The DNS records a domain's owner publishes, from the domain and the installation's settings.
import { describe, expect, it } from "vitest";
import { DMARC_VALUE, recordsFor, REQUIRED_RECORDS } from "@/lib/domains/dns-records";
import { generateDkimKey, newSelector } from "@/lib/domains/dkim-key";
import { decryptSecret } from "@/lib/crypto/secret-box";
import { createPublicKey, createPrivateKey, randomUUID } from "node:crypto";
import { claimHost, claimValue } from "@/lib/domains/domain-claim";

const config = {
  spfInclude: "_spf.mail.example.net",
  returnPathTarget: "bounces.mail.example.net",
  mxHost: "mx.mail.example.net",
  trackingTarget: "mail.example.net",
};
const facts = {
  name: "example.com",
  inboundEnabled: false,
  dkimSelector: "mailroom-202611-abcd",
  dkimPublicKey: "MIIBIjANBgkq",
  returnPathHost: "bounces.example.com",
};

describe("recordsFor", () => {
  it("gives SPF and DKIM (required), DMARC and the return path (recommended)", () => {
    expect(recordsFor(facts, config)).toEqual([
      expect.objectContaining({
        record: "spf",
        type: "TXT",
        name: "example.com",
        value: "v=spf1 include:_spf.mail.example.net ~all",
        required: true,
        priority: null,
      }),
      expect.objectContaining({
        record: "dkim",
        type: "TXT",
        name: "mailroom-202611-abcd._domainkey.example.com",
        value: "v=DKIM1; k=rsa; p=MIIBIjANBgkq",
        required: true,
      }),
      expect.objectContaining({ record: "dmarc", type: "TXT", name: "_dmarc.example.com", value: DMARC_VALUE, required: false }),
      expect.objectContaining({
        record: "return_path",
        type: "CNAME",
        name: "bounces.example.com",
        value: "bounces.mail.example.net",
        required: false,
      }),
    ]);
    expect(DMARC_VALUE).toMatch(/^v=DMARC1; p=none/);
    expect(REQUIRED_RECORDS).toEqual(["spf", "dkim"]);
  });

  it("adds the inbound MX when receiving is on, and has no DKIM record before there is a key", () => {
    const withMx = recordsFor({ ...facts, inboundEnabled: true }, config);
    expect(withMx.find((r) => r.record === "mx")).toEqual(
      expect.objectContaining({ type: "MX", name: "example.com", value: "mx.mail.example.net", priority: 10, required: false }),
    );
    expect(recordsFor({ ...facts, dkimSelector: null, dkimPublicKey: null }, config).map((r) => r.record)).toEqual([
      "spf",
      "dmarc",
      "return_path",
    ]);
    expect(recordsFor({ ...facts, returnPathHost: null }, config).find((r) => r.record === "return_path")?.name).toBe(
      "bounces.example.com",
    );
  });

  it("adds the tracking host's CNAME to the instance's host when the domain names one, never as required", () => {
    expect(recordsFor(facts, config).some((r) => r.record === "tracking")).toBe(false);
    expect(recordsFor({ ...facts, trackingHost: "track.example.com" }, config).at(-1)).toEqual(
      expect.objectContaining({ record: "tracking", type: "CNAME", name: "track.example.com", value: "mail.example.net", required: false }),
    );
  });
});

describe("DKIM keys", () => {
  it("are 2048-bit RSA: the public key as base64 SPKI, the private key sealed and matching it", async () => {
    const key = await generateDkimKey(new Date("2026-11-05T00:00:00Z"));
    expect(key.selector).toMatch(/^mailroom-202611-[0-9a-f]{4}$/);
    const publicKey = createPublicKey({ key: Buffer.from(key.publicKey, "base64"), format: "der", type: "spki" });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(key.privateKeySealed).not.toContain("PRIVATE KEY");
    const pem = decryptSecret(key.privateKeySealed);
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(createPublicKey(createPrivateKey(pem)).export({ type: "spki", format: "der" }).toString("base64")).toBe(key.publicKey);
  });

  it("selectors are DNS labels and differ between keys", () => {
    const a = newSelector();
    expect(a).toMatch(/^[a-z0-9-]{1,63}$/);
    expect(new Set(Array.from({ length: 20 }, () => newSelector())).size).toBeGreaterThan(1);
  });
});

describe("claim records", () => {
  it("are bound to the organization and the name, and do not show the organization", () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const value = claimValue(a, "example.com");
    expect(value).toMatch(/^mailroom-claim=[\w-]{22}$/);
    expect(value).not.toContain(a);
    expect(claimValue(a, "example.com")).toBe(value);
    expect(claimValue(b, "example.com")).not.toBe(value);
    expect(claimValue(a, "example.org")).not.toBe(value);
    expect(claimHost("example.com")).toBe("_mailroom-claim.example.com");
  });
});
