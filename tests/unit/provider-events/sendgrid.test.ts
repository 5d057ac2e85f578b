import { describe, expect, it } from "vitest";
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { sendgridEventSource as source } from "@/lib/providers/sendgrid/events";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import { incoming, unixSeconds } from "./webhook-request";

const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
// What SendGrid's settings page shows: the base64 DER SubjectPublicKeyInfo.
const config = { webhookPublicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64") };
const now = new Date();

/** Signs as SendGrid does: ECDSA P-256 / SHA-256 over timestamp + raw body, DER, base64. */
function signed(body: unknown, { at = now, key = privateKey }: { at?: Date; key?: KeyObject } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(unixSeconds(at));
  const signature = createSign("sha256")
    .update(timestamp + raw)
    .sign(key, "base64");
  return incoming(raw, { "X-Twilio-Email-Event-Webhook-Signature": signature, "X-Twilio-Email-Event-Webhook-Timestamp": timestamp });
}

// Shaped like the "Event Webhook Reference" examples.
const sgMessageId = "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0";
const base = {
  email: "Example@Test.com",
  timestamp: 1513299569,
  "smtp-id": "<14c5d75ce93.dfd.64b469@ismtpd-555>",
  sg_message_id: sgMessageId,
  category: "cat facts",
};
const batch = [
  { ...base, event: "processed", sg_event_id: "ev-processed" },
  { ...base, event: "delivered", sg_event_id: "ev-delivered", response: "250 OK" },
  { ...base, event: "deferred", sg_event_id: "ev-deferred", response: "400 try again later", attempt: "5" },
  {
    ...base,
    event: "bounce",
    sg_event_id: "ev-bounce",
    reason: "500 unknown recipient",
    status: "5.0.0",
    type: "bounce",
    bounce_classification: "Invalid Address",
  },
  { ...base, event: "bounce", sg_event_id: "ev-blocked", reason: "550 blocked by reputation", status: "5.7.1", type: "blocked" },
  { ...base, event: "dropped", sg_event_id: "ev-dropped", reason: "Bounced Address", status: "5.0.0" },
  { ...base, event: "open", sg_event_id: "ev-open", useragent: "Mozilla/4.0", ip: "255.255.255.255" },
  { ...base, event: "click", sg_event_id: "ev-click", url: "http://www.sendgrid.com/", url_offset: { index: 0, type: "html" } },
  { ...base, event: "spamreport", sg_event_id: "ev-spam" },
  { ...base, event: "unsubscribe", sg_event_id: "ev-unsub" },
  { ...base, event: "group_unsubscribe", sg_event_id: "ev-group-unsub", asm_group_id: 10 },
  { ...base, event: "group_resubscribe", sg_event_id: "ev-group-resub", asm_group_id: 10 },
];

describe("SendGrid event webhooks", () => {
  it("verify an ECDSA signature, with the key as shown or PEM-armoured", async () => {
    await expect(source.verify(signed(batch), config, now)).resolves.toBeUndefined();
    const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
    await expect(source.verify(signed(batch), { webhookPublicKey: pem }, now)).resolves.toBeUndefined();
  });

  it("refuse another key's signature, a changed body, a stale timestamp, missing headers or config", async () => {
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;
    await expect(source.verify(signed(batch, { key: other }), config, now)).rejects.toThrow(WebhookAuthError);
    const changed = signed(batch);
    await expect(source.verify({ ...changed, rawBody: changed.rawBody.replace("ev-open", "ev-0pen") }, config, now)).rejects.toThrow(
      WebhookAuthError,
    );
    const garbage = signed(batch);
    garbage.headers.set("X-Twilio-Email-Event-Webhook-Signature", "bm90IGEgc2lnbmF0dXJl");
    await expect(source.verify(garbage, config, now)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(signed(batch, { at: new Date(now.getTime() - 301_000) }), config, now)).rejects.toThrow(/tolerance/);
    await expect(source.verify(incoming(JSON.stringify(batch)), config, now)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(signed(batch), { webhookPublicKey: "bm90IGEga2V5" }, now)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(signed(batch), {}, now)).rejects.toThrow(WebhookAuthError);
  });

  it("parse a batch, skipping processed and unknown kinds", () => {
    const events = source.parse(signed(batch));
    const common = { providerMessageId: "14c5d75ce93", recipient: "example@test.com", occurredAt: new Date(1513299569_000) };
    expect(events).toEqual([
      { ...common, providerEventId: "ev-delivered", type: "email.delivered" },
      { ...common, providerEventId: "ev-deferred", type: "email.deferred", reason: "400 try again later" },
      { ...common, providerEventId: "ev-bounce", type: "email.bounced", reason: "500 unknown recipient", bounceKind: "hard" },
      { ...common, providerEventId: "ev-blocked", type: "email.bounced", reason: "550 blocked by reputation", bounceKind: "soft" },
      { ...common, providerEventId: "ev-dropped", type: "email.dropped", reason: "Bounced Address" },
      { ...common, providerEventId: "ev-open", type: "email.opened" },
      { ...common, providerEventId: "ev-click", type: "email.clicked", url: "http://www.sendgrid.com/" },
      { ...common, providerEventId: "ev-spam", type: "email.complained" },
      { ...common, providerEventId: "ev-unsub", type: "email.unsubscribed" },
      { ...common, providerEventId: "ev-group-unsub", type: "email.unsubscribed" },
    ]);
  });

  it("skip an event that names no message", () => {
    const anonymous: Record<string, unknown> = { ...base, event: "unsubscribe", sg_event_id: "ev-x" };
    delete anonymous.sg_message_id;
    expect(source.parse(signed([anonymous]))).toEqual([]);
  });

  it("refuse malformed bodies", () => {
    expect(() => source.parse(incoming("[{"))).toThrow(WebhookFormatError);
    expect(() => source.parse(signed(batch[1]))).toThrow(WebhookFormatError);
    expect(() => source.parse(signed([{ ...batch[1], email: undefined }]))).toThrow(WebhookFormatError);
    expect(() => source.parse(signed([{ ...batch[1], timestamp: "soon" }]))).toThrow(WebhookFormatError);
  });
});
