import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { postmarkEventSource as source } from "@/lib/providers/postmark/events";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import { incoming } from "./webhook-request";

const config = { webhookUsername: "postmark", webhookPassword: randomBytes(18).toString("base64url") };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const posted = (body: unknown, authorization = basic(config.webhookUsername, config.webhookPassword)) =>
  incoming(JSON.stringify(body), { authorization, "content-type": "application/json" });

// The examples of Postmark's webhook pages, trimmed of fields we do not read.
const messageId = "883953f4-6105-42a2-a16a-77a8eac79483";
const delivery = {
  RecordType: "Delivery",
  ServerID: 23,
  MessageStream: "outbound",
  MessageID: messageId,
  Recipient: "John@Example.com",
  Tag: "welcome-email",
  DeliveredAt: "2021-02-21T16:34:52Z",
  Details: "Test delivery webhook details",
};
const bounce = {
  RecordType: "Bounce",
  ID: 692560173,
  Type: "HardBounce",
  TypeCode: 1,
  Name: "Hard bounce",
  MessageID: messageId,
  MessageStream: "outbound",
  Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
  Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
  Email: "john@example.com",
  From: "sender@example.com",
  BouncedAt: "2019-11-05T16:33:54.9070259Z",
  Inactive: true,
};
const open = {
  RecordType: "Open",
  MessageStream: "outbound",
  FirstOpen: true,
  Recipient: "john@example.com",
  MessageID: messageId,
  ReceivedAt: "2019-11-05T16:33:54.9070259Z",
  Platform: "WebMail",
  ReadSeconds: 5,
};
const click = {
  RecordType: "Click",
  MessageStream: "outbound",
  Recipient: "john@example.com",
  MessageID: messageId,
  ReceivedAt: "2017-10-25T15:21:11.0000000Z",
  ClickLocation: "HTML",
  OriginalLink: "https://example.com/welcome",
};
const subscription = {
  RecordType: "SubscriptionChange",
  MessageID: messageId,
  ServerID: 23,
  MessageStream: "outbound",
  ChangedAt: "2020-02-01T10:53:34.416071Z",
  Recipient: "john@example.com",
  Origin: "Recipient",
  SuppressSending: true,
  SuppressionReason: "ManualSuppression",
};

describe("Postmark webhooks", () => {
  it("verify the configured Basic credentials", async () => {
    await expect(source.verify(posted(delivery), config)).resolves.toBeUndefined();
  });

  it("refuse a wrong password or username, another scheme, no header, no config", async () => {
    await expect(source.verify(posted(delivery, basic("postmark", "wrong-password-123")), config)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(posted(delivery, basic("other", config.webhookPassword)), config)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(posted(delivery, `Bearer ${config.webhookPassword}`), config)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(posted(delivery, "Basic bm9jb2xvbg=="), config)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(incoming(JSON.stringify(delivery)), config)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(posted(delivery), {})).rejects.toThrow(WebhookAuthError);
  });

  it("parse each record type", () => {
    const common = { providerEventId: null, providerMessageId: messageId, recipient: "john@example.com" };
    expect(source.parse(posted(delivery))).toEqual([{ ...common, type: "email.delivered", occurredAt: new Date("2021-02-21T16:34:52Z") }]);
    expect(source.parse(posted(bounce))).toEqual([
      {
        ...common,
        providerEventId: "692560173",
        type: "email.bounced",
        occurredAt: new Date("2019-11-05T16:33:54.907Z"),
        reason: bounce.Details,
        bounceKind: "hard",
      },
    ]);
    expect(source.parse(posted({ ...bounce, RecordType: "SpamComplaint", Type: "SpamComplaint", TypeCode: 512 }))).toEqual([
      { ...common, providerEventId: "692560173", type: "email.complained", occurredAt: new Date("2019-11-05T16:33:54.907Z") },
    ]);
    expect(source.parse(posted(open))).toEqual([{ ...common, type: "email.opened", occurredAt: new Date("2019-11-05T16:33:54.907Z") }]);
    expect(source.parse(posted(click))).toEqual([
      { ...common, type: "email.clicked", occurredAt: new Date("2017-10-25T15:21:11Z"), url: "https://example.com/welcome" },
    ]);
    expect(source.parse(posted(subscription))).toEqual([
      { ...common, type: "email.unsubscribed", occurredAt: new Date("2020-02-01T10:53:34.416Z") },
    ]);
  });

  it("tell soft bounces and skip what is no delivery event", () => {
    expect(source.parse(posted({ ...bounce, Type: "SoftBounce", Details: "" }))).toEqual([
      expect.objectContaining({ bounceKind: "soft", reason: bounce.Description }),
    ]);
    expect(source.parse(posted({ ...bounce, Type: "Unknown" }))[0].bounceKind).toBeUndefined();
    expect(source.parse(posted({ ...bounce, Type: "AutoResponder" }))).toEqual([]);
    // Resubscribed, or suppressed because of a bounce (which arrives as its own Bounce event).
    expect(source.parse(posted({ ...subscription, SuppressSending: false }))).toEqual([]);
    expect(source.parse(posted({ ...subscription, SuppressionReason: "HardBounce" }))).toEqual([]);
    expect(source.parse(posted({ RecordType: "Inbound", MessageID: messageId }))).toEqual([]);
  });

  it("refuse malformed bodies", () => {
    expect(() => source.parse(incoming("RecordType=Delivery"))).toThrow(WebhookFormatError);
    expect(() => source.parse(posted([delivery]))).toThrow(WebhookFormatError);
    expect(() => source.parse(posted({ ...delivery, MessageID: undefined }))).toThrow(WebhookFormatError);
    expect(() => source.parse(posted({ ...click, ReceivedAt: "not a date" }))).toThrow(WebhookFormatError);
  });
});
