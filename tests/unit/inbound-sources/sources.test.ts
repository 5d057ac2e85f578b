import { describe, expect, it } from "vitest";
import { PROVIDER_TYPES } from "@/lib/providers/catalog";
import { adapterFor, inboundSourceFor } from "@/lib/providers/registry";

describe("inbound sources", () => {
  it("exist for every provider type with an inbound webhook", () => {
    expect(PROVIDER_TYPES.filter((type) => inboundSourceFor(type) !== null)).toEqual(["ses", "sendgrid", "postmark", "mailgun"]);
    expect(inboundSourceFor("constructor")).toBeNull();
  });

  it("add their optional config fields to the provider's config", () => {
    const sendgrid = adapterFor("sendgrid")!;
    expect(sendgrid.configSchema.safeParse({ apiKey: "SG.test" }).success).toBe(true);
    expect(sendgrid.configSchema.safeParse({ apiKey: "SG.test", inboundPublicKey: "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" }).success).toBe(
      true,
    );
    // A public key, shown in full like webhookPublicKey.
    expect(sendgrid.secretFields).not.toContain("inboundPublicKey");
  });
});
