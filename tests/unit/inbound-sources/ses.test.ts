import { describe, expect, it } from "vitest";
import { generateKeyPairSync } from "node:crypto";
import { createSesInboundSource } from "@/lib/providers/ses/inbound";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import { CERT_URL, certificateFetcher, snsRequest, snsSubscription } from "../provider-events/sns-signing";
import { fromRawMessage, incoming, message, rawMessage } from "./inbound-request";

const TOPIC = "arn:aws:sns:us-east-1:123456789012:ses-inbound";
const config = { region: "us-east-1", accessKeyId: "AKIA...", secretAccessKey: "secret", snsTopicArn: TOPIC };
const { fetched, fetchCertificate } = certificateFetcher();
const source = createSesInboundSource({ fetchCertificate });
const snsSigned = snsRequest(incoming);

const notification = (sesNotification: object) => ({
  Type: "Notification",
  MessageId: "0fca7cb0-1d6b-5a34-a4a5-d3b2a5f8d7bb",
  TopicArn: TOPIC,
  Subject: "Amazon SES Email Receipt Notification",
  Message: JSON.stringify(sesNotification),
  Timestamp: "2025-03-01T10:00:02.000Z",
});

// Shaped like "Examples of notifications for Amazon SES email receiving" (an SNS action).
async function received(encoding: "UTF8" | "BASE64" = "BASE64") {
  const raw = await rawMessage();
  return {
    raw,
    ses: {
      notificationType: "Received",
      receipt: {
        timestamp: "2025-03-01T10:00:01.936Z",
        processingTimeMillis: 222,
        // Support@ is the envelope recipient the rule matched; sales@ (in To:) is another domain's concern.
        recipients: ["Support@Acme.test"],
        spamVerdict: { status: "PASS" },
        virusVerdict: { status: "PASS" },
        spfVerdict: { status: "PASS" },
        dkimVerdict: { status: "PASS" },
        action: { type: "SNS", topicArn: TOPIC, encoding },
      },
      mail: {
        timestamp: "2025-03-01T10:00:01.936Z",
        source: "Bounce@Example.com",
        messageId: "d6iitobk75ur44p8kdnnp7g2n800",
        destination: ["support@acme.test", "sales@acme.test", "bob@example.com"],
        headersTruncated: false,
        headers: [{ name: "Message-ID", value: message.messageId }],
        commonHeaders: { messageId: message.messageId, subject: message.subject },
      },
      content: encoding === "BASE64" ? raw.toString("base64") : raw.toString("utf8"),
    },
  };
}

const subscription = snsSubscription(TOPIC, "2025-03-01T09:00:00.000Z");

describe("SES inbound through SNS: verification", () => {
  it("verifies the SNS signature against the certificate at SigningCertURL, from the configured topic", async () => {
    fetched.length = 0;
    await expect(source.verify(snsSigned(notification((await received()).ses)), config)).resolves.toBeUndefined();
    expect(fetched).toEqual([CERT_URL]);
  });

  it("refuses a changed message, a forged signature, another topic, no configured topic", async () => {
    const req = snsSigned(notification((await received("UTF8")).ses));
    const changed = Buffer.from(req.rawBody.toString().replace("where is my order", "where is my refund"));
    await expect(source.verify({ ...req, rawBody: changed }, config)).rejects.toThrow(WebhookAuthError);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    await expect(source.verify(snsSigned(notification((await received()).ses), { key: other }), config)).rejects.toThrow(WebhookAuthError);
    await expect(
      source.verify(
        snsSigned({ ...notification((await received()).ses), TopicArn: "arn:aws:sns:us-east-1:999999999999:attacker" }),
        config,
      ),
    ).rejects.toThrow(/another topic/);
    await expect(source.verify(req, {})).rejects.toThrow(/snsTopicArn/);
    await expect(source.verify(incoming("{"), config)).rejects.toThrow(WebhookAuthError);
  });

  it("confirms only a verified subscription, to an SNS URL", async () => {
    const req = snsSigned(subscription);
    await expect(source.verify(req, config)).resolves.toBeUndefined();
    expect(source.subscriptionToConfirm!(req)).toBe(new URL(subscription.SubscribeURL).href);
    expect(await source.parse(req)).toEqual([]);
    expect(
      source.subscriptionToConfirm!(snsSigned({ ...subscription, SubscribeURL: "https://evil.example.com/?Action=ConfirmSubscription" })),
    ).toBeNull();
    expect(source.subscriptionToConfirm!(snsSigned(notification((await received()).ses)))).toBeNull();
  });
});

describe("SES inbound through SNS: parsing", () => {
  it("parses the content, base64 or UTF-8, with the envelope of the receipt", async () => {
    for (const encoding of ["BASE64", "UTF8"] as const) {
      const { raw, ses } = await received(encoding);
      expect(await source.parse(snsSigned(notification(ses)))).toEqual([
        { ...fromRawMessage(raw), envelopeTo: ["support@acme.test"], envelopeFrom: "bounce@example.com" },
      ]);
    }
  });

  it("gives nothing for SES's other notifications on the topic", async () => {
    const bounce = {
      notificationType: "Bounce",
      mail: { messageId: "x", timestamp: "2025-03-01T10:00:00Z", destination: ["a@b.test"] },
      bounce: { bounceType: "Permanent" },
    };
    expect(await source.parse(snsSigned(notification(bounce)))).toEqual([]);
    expect(await source.parse(snsSigned(notification({ eventType: "Delivery" })))).toEqual([]);
  });

  it("refuses a Received notification without the message, or an unreadable one", async () => {
    const { ses } = await received();
    // What an S3 action's alert looks like: the same notification without content.
    await expect(
      source.parse(
        snsSigned(notification({ ...ses, content: undefined, receipt: { ...ses.receipt, action: { type: "S3", bucketName: "mail" } } })),
      ),
    ).rejects.toThrow(/SNS action/);
    await expect(source.parse(snsSigned({ ...notification(ses), Message: "Hello world!" }))).rejects.toThrow(WebhookFormatError);
    await expect(source.parse(incoming("not json"))).rejects.toThrow(WebhookFormatError);
  });
});
