import { describe, expect, it } from "vitest";
import { PROVIDER_TYPES } from "@/lib/providers/catalog";
import { adapterFor, eventSourceFor } from "@/lib/providers/registry";

describe("event sources", () => {
  it("exist for every provider type with event webhooks", () => {
    const withSource = PROVIDER_TYPES.filter((type) => eventSourceFor(type) !== null);
    expect(withSource).toEqual(["resend", "ses", "sendgrid", "postmark", "mailgun"]);
    expect(eventSourceFor("constructor")).toBeNull();
  });

  it("leave their config fields optional, so existing provider configs stay valid", () => {
    const sendingOnly = {
      resend: { apiKey: "re_abc" },
      ses: { region: "us-east-1", accessKeyId: "AKID", secretAccessKey: "secret" },
      sendgrid: { apiKey: "SG.abc" },
      postmark: { serverToken: "POSTMARK_API_TEST" },
      mailgun: { apiKey: "k", domain: "mg.acme.test" },
    };
    for (const [type, config] of Object.entries(sendingOnly))
      expect(adapterFor(type)!.configSchema.safeParse(config).success, type).toBe(true);
  });
});
