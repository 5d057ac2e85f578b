// The client's webhook verification accepts exactly what the server signs (lib/webhooks/signing.ts):
// the server's headers and the Standard Webhooks names, both signatures after a rotation; and
// refuses a changed body, another secret, an old or future timestamp and missing headers.
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureHeader } from "@/lib/webhooks/signing";
import { MailroomError, verifyWebhook } from "@/sdk/src/index";

const body = JSON.stringify({ type: "email.delivered", email_id: "m1", recipient: "ünïcode@example.test" });
const now = Math.floor(Date.now() / 1000);
/** Verification at the moment of signing, so the five-minute bounds are exact. */
const at = { now: new Date(now * 1000) };

function delivery(secrets: string[], timestamp = now, id = "att_1") {
  return {
    "x-webhook-id": id,
    "x-webhook-timestamp": String(timestamp),
    "x-webhook-signature": signatureHeader(secrets, id, timestamp, body),
  };
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as MailroomError;
  }
  throw new Error("verified");
};

describe("webhook verification", () => {
  const { secret } = newWebhookSecret();

  it("verifies the server's signature and answers the event", () => {
    expect(verifyWebhook(body, delivery([secret]), secret, at)).toEqual(JSON.parse(body));
    expect(verifyWebhook(Buffer.from(body), new Headers(delivery([secret])), secret)).toMatchObject({ email_id: "m1" });
  });

  it("reads the Standard Webhooks header names too", () => {
    const h = delivery([secret]);
    const standard = {
      "webhook-id": h["x-webhook-id"],
      "webhook-timestamp": h["x-webhook-timestamp"],
      "webhook-signature": h["x-webhook-signature"],
    };
    expect(verifyWebhook(body, standard, secret, at)).toMatchObject({ type: "email.delivered" });
  });

  it("accepts either secret during a rotation", () => {
    const previous = newWebhookSecret().secret;
    const h = delivery([secret, previous]);
    expect(verifyWebhook(body, h, secret, at)).toMatchObject({ email_id: "m1" });
    expect(verifyWebhook(body, h, previous, at)).toMatchObject({ email_id: "m1" });
  });

  it("refuses a changed body or another secret", () => {
    const other = newWebhookSecret().secret;
    expect(refusal(() => verifyWebhook(body.replace("m1", "m2"), delivery([secret]), secret, at))).toMatchObject({
      name: "MailroomError",
      status: null,
      code: "WEBHOOK_INVALID_SIGNATURE",
    });
    expect(refusal(() => verifyWebhook(body, delivery([secret]), other, at)).code).toBe("WEBHOOK_INVALID_SIGNATURE");
    const h = delivery([secret]);
    expect(refusal(() => verifyWebhook(body, { ...h, "x-webhook-id": "att_2" }, secret, at)).code).toBe("WEBHOOK_INVALID_SIGNATURE");
  });

  it("refuses a timestamp more than five minutes from now, either way", () => {
    expect(refusal(() => verifyWebhook(body, delivery([secret], now - 301), secret, at)).code).toBe("WEBHOOK_TIMESTAMP_OUT_OF_RANGE");
    expect(refusal(() => verifyWebhook(body, delivery([secret], now + 301), secret, at)).code).toBe("WEBHOOK_TIMESTAMP_OUT_OF_RANGE");
    expect(verifyWebhook(body, delivery([secret], now - 290), secret, at)).toMatchObject({ email_id: "m1" });
  });

  it("refuses missing headers", () => {
    const h: Record<string, string> = delivery([secret]);
    delete h["x-webhook-signature"];
    expect(refusal(() => verifyWebhook(body, h, secret, at))).toBeInstanceOf(MailroomError);
    expect(refusal(() => verifyWebhook(body, h, secret, at)).code).toBe("WEBHOOK_MISSING_HEADERS");
  });
});
