import { describe, expect, it } from "vitest";
import { createHmac, randomBytes } from "node:crypto";
import { mailgunEventSource as source } from "@/lib/providers/mailgun/events";
import { bareMessageId } from "@/lib/provider-events/event-body";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import { incoming, unixSeconds } from "./webhook-request";

const config = { webhookSigningKey: randomBytes(16).toString("hex") };
const now = new Date();

/** Signs as Mailgun does: hex HMAC-SHA256 of timestamp + token with the webhook signing key. */
function signed(eventData: unknown, { at = now, key = config.webhookSigningKey } = {}) {
  const timestamp = String(unixSeconds(at));
  const token = randomBytes(25).toString("hex");
  const signature = createHmac("sha256", key)
    .update(timestamp + token)
    .digest("hex");
  return incoming(JSON.stringify({ signature: { timestamp, token, signature }, "event-data": eventData }), {
    "content-type": "application/json",
  });
}

// Shaped like the examples of Mailgun's "Webhooks" documentation.
const headers = {
  to: "Alice <alice@example.com>",
  "message-id": "20130503182626.18666.16540@sandbox.mailgun.org",
  from: "Bob <bob@sandbox.mailgun.org>",
  subject: "Test",
};
const delivered = {
  id: "CPgfbmQMTCKtHW6uIWtuVe",
  event: "delivered",
  timestamp: 1521472262.908181,
  "log-level": "info",
  recipient: "Alice@Example.com",
  "recipient-domain": "example.com",
  envelope: { transport: "smtp", sender: "bob@sandbox.mailgun.org", targets: "alice@example.com" },
  "delivery-status": { tls: true, "mx-host": "smtp-in.example.com", code: 250, description: "", "attempt-no": 1, message: "OK" },
  message: { headers, attachments: [], size: 111 },
};
const failed = {
  ...delivered,
  id: "G9Bn5sl1TC6qTeDaK5zcUw",
  event: "failed",
  "log-level": "error",
  severity: "permanent",
  reason: "bounce",
  "delivery-status": {
    "attempt-no": 1,
    message: "550 5.1.1 The email account that you tried to reach does not exist.",
    code: 550,
    description: "",
  },
};

describe("Mailgun webhooks", () => {
  it("verify the HMAC signature", async () => {
    await expect(source.verify(signed(delivered), config, now)).resolves.toBeUndefined();
  });

  it("refuse another key, a forged signature, a stale timestamp, an unsigned body, no config", async () => {
    await expect(source.verify(signed(delivered, { key: randomBytes(16).toString("hex") }), config, now)).rejects.toThrow(WebhookAuthError);
    const forged = signed(delivered);
    const body = JSON.parse(forged.rawBody);
    body.signature.signature = createHmac("sha256", config.webhookSigningKey)
      .update("0" + body.signature.token)
      .digest("hex");
    await expect(source.verify(incoming(JSON.stringify(body)), config, now)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(signed(delivered, { at: new Date(now.getTime() - 301_000) }), config, now)).rejects.toThrow(/tolerance/);
    await expect(source.verify(incoming(JSON.stringify({ "event-data": delivered })), config, now)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(incoming("not json"), config, now)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(signed(delivered), {}, now)).rejects.toThrow(WebhookAuthError);
  });

  it("parse deliveries and permanent failures (hard bounces)", () => {
    const common = {
      providerMessageId: "20130503182626.18666.16540@sandbox.mailgun.org",
      recipient: "alice@example.com",
      occurredAt: new Date(1521472262908),
    };
    expect(source.parse(signed(delivered))).toEqual([{ ...common, providerEventId: "CPgfbmQMTCKtHW6uIWtuVe", type: "email.delivered" }]);
    expect(source.parse(signed(failed))).toEqual([
      {
        ...common,
        providerEventId: "G9Bn5sl1TC6qTeDaK5zcUw",
        type: "email.bounced",
        reason: "550 5.1.1 The email account that you tried to reach does not exist.",
        bounceKind: "hard",
      },
    ]);
  });

  it("map temporary failures, suppressions, tracking and skip accepted", () => {
    const one = (data: object) => source.parse(signed({ ...delivered, ...data }))[0];
    expect(
      one({
        event: "failed",
        severity: "temporary",
        reason: "generic",
        "delivery-status": { message: "452 4.2.2 Mailbox full", description: "" },
      }),
    ).toMatchObject({
      type: "email.deferred",
      reason: "452 4.2.2 Mailbox full",
    });
    expect(
      one({
        event: "failed",
        severity: "permanent",
        reason: "suppress-bounce",
        "delivery-status": { message: "", description: "Not delivering to previously bounced address" },
      }),
    ).toMatchObject({
      type: "email.dropped",
      reason: "Not delivering to previously bounced address",
    });
    expect(one({ event: "clicked", url: "https://example.com/pricing" })).toMatchObject({
      type: "email.clicked",
      url: "https://example.com/pricing",
    });
    expect(one({ event: "opened" }).type).toBe("email.opened");
    expect(one({ event: "complained" }).type).toBe("email.complained");
    expect(one({ event: "unsubscribed" }).type).toBe("email.unsubscribed");
    expect(source.parse(signed({ ...delivered, event: "accepted" }))).toEqual([]);
    expect(source.parse(signed({ event: "list_member_uploaded" }))).toEqual([]);
  });

  it("compare message ids without the angle brackets of the send API's answer", () => {
    expect(bareMessageId("<20130503182626.18666.16540@sandbox.mailgun.org>")).toBe("20130503182626.18666.16540@sandbox.mailgun.org");
    expect(source.parse(signed({ ...delivered, message: { headers: { "message-id": "<a@b>" } } }))[0].providerMessageId).toBe("a@b");
  });

  it("refuse malformed bodies", () => {
    expect(() => source.parse(incoming("{"))).toThrow(WebhookFormatError);
    expect(() => source.parse(incoming(JSON.stringify({ signature: {} })))).toThrow(WebhookFormatError);
    expect(() => source.parse(signed({ ...delivered, message: { headers: {} } }))).toThrow(WebhookFormatError);
    expect(() => source.parse(signed({ ...delivered, timestamp: "yesterday" }))).toThrow(WebhookFormatError);
  });
});
