import { describe, expect, it } from "vitest";
import { generateKeyPairSync } from "node:crypto";
import { createSesEventSource } from "@/lib/providers/ses/events";
import { createCertificateFetcher } from "@/lib/provider-events/sns-certificate";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import { CERT_URL, certificateFetcher, snsRequest, snsSubscription } from "./sns-signing";
import { incoming } from "./webhook-request";

const TOPIC = "arn:aws:sns:us-west-2:123456789012:ses-events";
const config = { region: "us-west-2", accessKeyId: "AKIA...", secretAccessKey: "secret", snsTopicArn: TOPIC };
const { fetched, fetchCertificate } = certificateFetcher();
const source = createSesEventSource({ fetchCertificate });
const snsSigned = snsRequest(incoming);

const notification = (sesEvent: object, extra: Record<string, string> = {}) => ({
  Type: "Notification",
  MessageId: "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324",
  TopicArn: TOPIC,
  Message: JSON.stringify(sesEvent),
  Timestamp: "2017-08-05T00:41:03.012Z",
  ...extra,
});

// The examples of "Examples of event data that Amazon SES publishes to Amazon SNS".
const mail = {
  timestamp: "2017-08-05T00:40:02.012Z",
  source: "Sender <sender@example.com>",
  messageId: "EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000",
  destination: ["Recipient@Example.com"],
};
const bounce = {
  eventType: "Bounce",
  mail: { ...mail, destination: ["recipient@example.com", "second@example.com"] },
  bounce: {
    bounceType: "Permanent",
    bounceSubType: "General",
    bouncedRecipients: [
      { emailAddress: "recipient@example.com", action: "failed", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" },
      { emailAddress: "second@example.com", action: "failed", status: "5.1.1" },
    ],
    timestamp: "2017-08-05T00:41:02.669Z",
    feedbackId: "01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000",
    reportingMTA: "dsn; mta.example.com",
  },
};
const subscription = snsSubscription(TOPIC, "2012-04-26T20:45:04.751Z");

describe("SES events through SNS: verification", () => {
  it("verify v2 and v1 signatures, with and without Subject, against the certificate at SigningCertURL", async () => {
    fetched.length = 0;
    await expect(source.verify(snsSigned(notification(bounce)), config)).resolves.toBeUndefined();
    await expect(
      source.verify(snsSigned(notification(bounce, { Subject: "Amazon SES Email Event Notification" }), { version: "1" }), config),
    ).resolves.toBeUndefined();
    expect(fetched).toEqual([CERT_URL, CERT_URL]);
    // Without a configured topic nothing is accepted: any AWS account could otherwise post here.
    await expect(source.verify(snsSigned(notification(bounce)), {})).rejects.toThrow(/snsTopicArn/);
  });

  it("refuse a forged signature, a changed message, another topic, an unknown version", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    await expect(source.verify(snsSigned(notification(bounce), { key: other }), config)).rejects.toThrow(WebhookAuthError);
    const changed = snsSigned(notification(bounce));
    await expect(source.verify({ ...changed, rawBody: changed.rawBody.replace("Permanent", "Transient") }, config)).rejects.toThrow(
      WebhookAuthError,
    );
    await expect(
      source.verify(snsSigned(notification(bounce, { TopicArn: "arn:aws:sns:us-west-2:999999999999:attacker" })), config),
    ).rejects.toThrow(/another topic/);
    await expect(source.verify(snsSigned(notification(bounce), { version: "3" }), config)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(incoming("{"), config)).rejects.toThrow(WebhookAuthError);
  });

  it("never fetch a certificate from outside Amazon SNS", async () => {
    fetched.length = 0;
    for (const certUrl of [
      "https://evil.example.com/SimpleNotificationService-1.pem",
      "http://sns.us-west-2.amazonaws.com/SimpleNotificationService-1.pem",
      "https://sns.us-west-2.amazonaws.com.evil.com/SimpleNotificationService-1.pem",
      "https://sns.us-west-2.amazonaws.com:8443/SimpleNotificationService-1.pem",
      "https://sns.us-west-2.amazonaws.com/cert.txt",
    ]) {
      await expect(source.verify(snsSigned(notification(bounce), { certUrl }), config)).rejects.toThrow(WebhookAuthError);
    }
    expect(fetched).toEqual([]);
  });

  it("refuse what is not a certificate; let a failed download through as a server error", async () => {
    const broken = createSesEventSource({ fetchCertificate: async () => "-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----" });
    await expect(broken.verify(snsSigned(notification(bounce)), config)).rejects.toThrow(WebhookAuthError);
    const offline = createSesEventSource({ fetchCertificate: async () => Promise.reject(new Error("ETIMEDOUT")) });
    const error = await offline.verify(snsSigned(notification(bounce)), config).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(WebhookAuthError);
  });

  it("confirm only verified subscriptions to SNS URLs", async () => {
    const req = snsSigned(subscription);
    await expect(source.verify(req, config)).resolves.toBeUndefined();
    expect(source.subscriptionToConfirm(req)?.href).toBe(new URL(subscription.SubscribeURL).href);
    expect(source.parse(req)).toEqual([]);
    // SubscribeURL is signed: swapping it breaks the signature.
    await expect(source.verify({ ...req, rawBody: req.rawBody.replace("sns.us-west-2", "sns.eu-west-1") }, config)).rejects.toThrow(
      WebhookAuthError,
    );
    expect(
      source.subscriptionToConfirm(snsSigned({ ...subscription, SubscribeURL: "https://evil.example.com/?Action=ConfirmSubscription" })),
    ).toBeNull();
    expect(
      source.subscriptionToConfirm(
        snsSigned({ ...subscription, SubscribeURL: "http://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription" }),
      ),
    ).toBeNull();
    expect(source.subscriptionToConfirm(snsSigned(notification(bounce)))).toBeNull();
  });
});

describe("SES events through SNS: parsing", () => {
  const id = "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324";
  const parse = (sesEvent: object) => source.parse(snsSigned(notification(sesEvent)));

  it("parse a bounce into one event per bounced recipient, each with its own id", () => {
    const common = {
      providerMessageId: mail.messageId,
      type: "email.bounced",
      occurredAt: new Date("2017-08-05T00:41:02.669Z"),
      bounceKind: "hard",
    };
    expect(parse(bounce)).toEqual([
      {
        ...common,
        providerEventId: `${id}:recipient@example.com`,
        recipient: "recipient@example.com",
        reason: "smtp; 550 5.1.1 user unknown",
      },
      { ...common, providerEventId: `${id}:second@example.com`, recipient: "second@example.com", reason: "General" },
    ]);
    const transient = {
      ...bounce,
      bounce: {
        ...bounce.bounce,
        bounceType: "Transient",
        bounceSubType: "MailboxFull",
        bouncedRecipients: [bounce.bounce.bouncedRecipients[1]],
      },
    };
    expect(parse(transient)).toEqual([
      expect.objectContaining({ providerEventId: id, type: "email.bounced", bounceKind: "soft", reason: "MailboxFull" }),
    ]);
    // The older identity notifications name their kind notificationType.
    expect(parse({ ...bounce, eventType: undefined, notificationType: "Bounce" })).toHaveLength(2);
  });

  it("parse the other event kinds", () => {
    const common = { providerEventId: id, providerMessageId: mail.messageId, recipient: "recipient@example.com" };
    expect(
      parse({
        eventType: "Delivery",
        mail,
        delivery: {
          timestamp: "2016-10-19T23:21:04.133Z",
          processingTimeMillis: 11893,
          recipients: ["recipient@example.com"],
          smtpResponse: "250 2.6.0 Message received",
        },
      }),
    ).toEqual([{ ...common, type: "email.delivered", occurredAt: new Date("2016-10-19T23:21:04.133Z") }]);
    expect(
      parse({
        eventType: "Complaint",
        mail,
        complaint: {
          complainedRecipients: [{ emailAddress: "recipient@example.com" }],
          timestamp: "2017-08-05T00:41:02.669Z",
          complaintFeedbackType: "abuse",
        },
      }),
    ).toEqual([{ ...common, type: "email.complained", occurredAt: new Date("2017-08-05T00:41:02.669Z") }]);
    expect(
      parse({ eventType: "Open", mail, open: { ipAddress: "192.0.2.1", timestamp: "2017-08-09T22:00:19.652Z", userAgent: "Mozilla/5.0" } }),
    ).toEqual([{ ...common, type: "email.opened", occurredAt: new Date("2017-08-09T22:00:19.652Z") }]);
    const link = "http://docs.aws.amazon.com/ses/latest/DeveloperGuide/send-email-smtp.html";
    expect(
      parse({ eventType: "Click", mail, click: { ipAddress: "192.0.2.1", link, linkTags: {}, timestamp: "2017-08-09T23:51:25.570Z" } }),
    ).toEqual([{ ...common, type: "email.clicked", occurredAt: new Date("2017-08-09T23:51:25.570Z"), url: link }]);
    const delay = {
      timestamp: "2020-06-16T00:15:40.641Z",
      delayType: "TransientCommunicationFailure",
      expirationTime: "2020-06-16T00:25:40.914Z",
      delayedRecipients: [
        { emailAddress: "recipient@example.com", status: "4.4.1", diagnosticCode: "smtp; 421 4.4.1 Unable to connect to remote host" },
      ],
    };
    expect(parse({ eventType: "DeliveryDelay", mail, deliveryDelay: delay })).toEqual([
      {
        ...common,
        type: "email.deferred",
        occurredAt: new Date("2020-06-16T00:15:40.641Z"),
        reason: "smtp; 421 4.4.1 Unable to connect to remote host",
      },
    ]);
    expect(parse({ eventType: "Reject", mail, reject: { reason: "Bad content" } })).toEqual([
      { ...common, type: "email.dropped", occurredAt: new Date(mail.timestamp), reason: "Bad content" },
    ]);
    expect(parse({ eventType: "Send", mail, send: {} })).toEqual([]);
  });

  it("refuse malformed bodies", () => {
    expect(() => source.parse(incoming("not json"))).toThrow(WebhookFormatError);
    expect(() => source.parse(snsSigned({ ...notification(bounce), Message: "Hello world!" }))).toThrow(WebhookFormatError);
    expect(() => parse({ eventType: "Bounce", mail })).toThrow(WebhookFormatError);
    expect(() => parse({ mail, delivery: {} })).toThrow(WebhookFormatError);
  });
});

describe("SNS certificate downloads", () => {
  it("download each URL once and retry failures", async () => {
    let calls = 0;
    const fetchCertificate = createCertificateFetcher(async () => (++calls === 1 ? Promise.reject(new Error("offline")) : "PEM"));
    const url = new URL(CERT_URL);
    await expect(fetchCertificate(url)).rejects.toThrow("offline");
    await expect(fetchCertificate(url)).resolves.toBe("PEM");
    await expect(fetchCertificate(url)).resolves.toBe("PEM");
    expect(calls).toBe(2);
  });
});
