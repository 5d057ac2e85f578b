import { describe, expect, it } from "vitest";
import { PROVIDER_TYPES } from "@/lib/providers/adapter";
import { eventSourceFor } from "@/lib/provider-events/sources";

describe("event sources", () => {
  it("exist for every provider type with event webhooks", () => {
    const withSource = PROVIDER_TYPES.filter((type) => eventSourceFor(type) !== null);
    expect(withSource).toEqual(["resend", "ses", "sendgrid", "postmark", "mailgun"]);
    expect(eventSourceFor("constructor")).toBeNull();
  });

  it("declare optional config fields, so existing provider configs stay valid", () => {
    for (const type of ["resend", "ses", "sendgrid", "postmark", "mailgun"]) {
      for (const field of Object.values(eventSourceFor(type)!.configFields)) expect(field.safeParse(undefined).success).toBe(true);
    }
  });
});
