import { describe, expect, it } from "vitest";
import { createHmac, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { resendEventSource as source } from "@/lib/providers/resend/events";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import { incoming, unixSeconds } from "./webhook-request";

const key = randomBytes(24);
const config = { webhookSecret: `whsec_${key.toString("base64")}` };
const now = new Date();

/** Signs as Svix does: HMAC-SHA256 of "id.timestamp.body" with the decoded secret, base64. */
function svixSign(id: string, timestamp: number, body: string, signingKey = key): string {
  return `v1,${createHmac("sha256", signingKey).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

function signed(body: unknown, { id = "msg_2pSPUa7RYkpDuHn3KXdNDRxOrSk", at = now, signingKey = key } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = unixSeconds(at);
  return incoming(raw, { "svix-id": id, "svix-timestamp": String(timestamp), "svix-signature": svixSign(id, timestamp, raw, signingKey) });
}

// Resend's "Event Types" examples.
const bounced = {
  type: "email.bounced",
  created_at: "2024-11-22T23:41:12.126Z",
  data: {
    broadcast_id: "8b146471-e88e-4322-86af-016cd36fd216",
    created_at: "2024-11-22T23:41:11.894719+00:00",
    email_id: "56761188-7520-42d8-8898-ff6fc54ce618",
    from: "Acme <onboarding@resend.dev>",
    to: ["Delivered@Resend.dev", "other@example.com"],
    subject: "Sending this example",
    bounce: {
      message: "The recipient's email address is on the suppression list because it has a recent history of producing hard bounces.",
      subType: "Suppressed",
      type: "Permanent",
    },
  },
};
const clicked = {
  type: "email.clicked",
  created_at: "2024-11-24T05:00:57.163Z",
  data: {
    created_at: "2024-11-24T05:00:56.000000+00:00",
    email_id: "56761188-7520-42d8-8898-ff6fc54ce618",
    from: "Acme <onboarding@resend.dev>",
    to: ["delivered@resend.dev"],
    subject: "Sending this example",
    click: { ipAddress: "122.115.53.11", link: "https://resend.com", timestamp: "2024-11-24T05:00:57.163Z", userAgent: "Mozilla/5.0" },
  },
};
const simple = (type: string) => ({ ...clicked, type, data: { ...clicked.data, click: undefined } });

describe("Resend event webhooks", () => {
  it("verify a Svix signature, also among rotated ones", async () => {
    await expect(source.verify(signed(bounced), config, now)).resolves.toBeUndefined();
    const req = signed(bounced);
    req.headers.set("svix-signature", `v1,${randomBytes(32).toString("base64")} ${req.headers.get("svix-signature")}`);
    await expect(source.verify(req, config, now)).resolves.toBeUndefined();
  });

  it("accept what the standardwebhooks reference signer produces", async () => {
    const raw = JSON.stringify(clicked);
    const signature = new Webhook(config.webhookSecret).sign("msg_1", now, raw);
    const req = incoming(raw, { "svix-id": "msg_1", "svix-timestamp": String(unixSeconds(now)), "svix-signature": signature });
    await expect(source.verify(req, config, now)).resolves.toBeUndefined();
  });

  it("refuse a wrong secret, a forged signature, a changed body, a stale timestamp, missing headers or config", async () => {
    await expect(source.verify(signed(bounced, { signingKey: randomBytes(24) }), config, now)).rejects.toThrow(WebhookAuthError);
    const forged = signed(bounced);
    forged.headers.set("svix-signature", `v1,${randomBytes(32).toString("base64")}`);
    await expect(source.verify(forged, config, now)).rejects.toThrow(WebhookAuthError);
    const changed = signed(bounced);
    await expect(source.verify({ ...changed, rawBody: changed.rawBody.replace("Permanent", "Transient") }, config, now)).rejects.toThrow(
      WebhookAuthError,
    );
    const stale = new Date(now.getTime() - 301_000);
    await expect(source.verify(signed(bounced, { at: stale }), config, now)).rejects.toThrow(/tolerance/);
    await expect(source.verify(signed(bounced, { at: new Date(now.getTime() + 301_000) }), config, now)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(incoming(JSON.stringify(bounced)), config, now)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(signed(bounced), {}, now)).rejects.toThrow(WebhookAuthError);
  });

  it("parse a bounce into one event per recipient, each with its own id", () => {
    expect(source.parse(signed(bounced))).toEqual([
      {
        providerEventId: "msg_2pSPUa7RYkpDuHn3KXdNDRxOrSk:delivered@resend.dev",
        providerMessageId: "56761188-7520-42d8-8898-ff6fc54ce618",
        type: "email.bounced",
        recipient: "delivered@resend.dev",
        occurredAt: new Date("2024-11-22T23:41:12.126Z"),
        reason: bounced.data.bounce.message,
        bounceKind: "hard",
      },
      expect.objectContaining({ providerEventId: "msg_2pSPUa7RYkpDuHn3KXdNDRxOrSk:other@example.com", recipient: "other@example.com" }),
    ]);
  });

  it("parse clicks with their link and map the other kinds", () => {
    expect(source.parse(signed(clicked, { id: "msg_click" }))).toEqual([
      {
        providerEventId: "msg_click",
        providerMessageId: "56761188-7520-42d8-8898-ff6fc54ce618",
        type: "email.clicked",
        recipient: "delivered@resend.dev",
        occurredAt: new Date("2024-11-24T05:00:57.163Z"),
        url: "https://resend.com",
      },
    ]);
    const typeOf = (kind: string) => source.parse(signed(simple(kind))).map((e) => e.type);
    expect(typeOf("email.delivered")).toEqual(["email.delivered"]);
    expect(typeOf("email.delivery_delayed")).toEqual(["email.deferred"]);
    expect(typeOf("email.complained")).toEqual(["email.complained"]);
    expect(typeOf("email.opened")).toEqual(["email.opened"]);
    // Our own send recorded email.sent; contacts and domains are no email events.
    expect(typeOf("email.sent")).toEqual([]);
    expect(source.parse(signed({ type: "contact.created", created_at: "2024-11-24T05:00:57.163Z", data: { id: "c1" } }))).toEqual([]);
  });

  it("refuse malformed bodies", () => {
    expect(() => source.parse(incoming("{not json"))).toThrow(WebhookFormatError);
    expect(() => source.parse(signed({ ...bounced, data: { to: ["a@example.com"] } }))).toThrow(WebhookFormatError);
    expect(() => source.parse(signed({ ...bounced, created_at: "yesterday" }))).toThrow(WebhookFormatError);
  });
});
