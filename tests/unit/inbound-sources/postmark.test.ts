import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { postmarkInboundSource as source } from "@/lib/providers/postmark/inbound";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import { expectParsedParts, fromRawMessage, incoming, message, parsedHeaders, pdf, png, rawMessage } from "./inbound-request";

const config = { serverToken: "server-token", webhookUsername: "postmark", webhookPassword: randomBytes(18).toString("base64url") };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const posted = (body: unknown, authorization = basic(config.webhookUsername, config.webhookPassword)) =>
  incoming(JSON.stringify(body), { authorization, "content-type": "application/json" });

// Shaped like the example of Postmark's "Inbound webhook" page.
const inbound = {
  FromName: "Alice Example",
  MessageStream: "inbound",
  From: "Alice@Example.com",
  FromFull: { Email: "Alice@Example.com", Name: "Alice Example", MailboxHash: "" },
  To: message.to,
  ToFull: [
    { Email: "Support@Acme.test", Name: "Acme Support", MailboxHash: "" },
    { Email: "sales@acme.test", Name: "", MailboxHash: "" },
  ],
  Cc: message.cc,
  CcFull: [{ Email: "bob@example.com", Name: "Bob", MailboxHash: "" }],
  OriginalRecipient: "Support@Acme.test",
  Subject: message.subject,
  MessageID: "73e6d360-66eb-11e1-8e72-a8904824019b",
  ReplyTo: message.replyTo,
  MailboxHash: "",
  Date: "Sat, 1 Mar 2025 10:00:00 +0000",
  TextBody: "Hello,\r\nwhere is my order?",
  HtmlBody: message.html,
  StrippedTextReply: "where is my order?",
  Tag: "",
  Headers: [
    { Name: "X-Spam-Status", Value: "No" },
    { Name: "X-Spam-Score", Value: "-0.1" },
    { Name: "X-Spam-Tests", Value: "DKIM_SIGNED,DKIM_VALID,SPF_PASS" },
    { Name: "X-Custom-Id", Value: "abc-123" },
    { Name: "MIME-Version", Value: "1.0" },
    { Name: "Message-ID", Value: message.messageId },
    { Name: "In-Reply-To", Value: message.inReplyTo },
    { Name: "References", Value: message.references.join(" ") },
  ],
  Attachments: [
    { Name: "logo.png", Content: png.toString("base64"), ContentType: "image/png", ContentLength: png.length, ContentID: "logo@acme" },
    { Name: "invoice.pdf", Content: pdf.toString("base64"), ContentType: "application/pdf", ContentLength: pdf.length, ContentID: "" },
  ],
};

describe("Postmark inbound webhook: verification", () => {
  it("verifies the configured Basic credentials", async () => {
    await expect(source.verify(posted(inbound), config)).resolves.toBeUndefined();
  });

  it("refuses a wrong password or username, no credentials, no config", async () => {
    await expect(source.verify(posted(inbound, basic("postmark", "wrong-password-123")), config)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(posted(inbound, basic("someone", config.webhookPassword)), config)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(incoming(JSON.stringify(inbound)), config)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(posted(inbound), {})).rejects.toThrow(WebhookAuthError);
  });
});

describe("Postmark inbound webhook: parsing", () => {
  it("reads Postmark's fields, with the Message-ID and threading from Headers", async () => {
    const req = posted(inbound);
    const result = await source.parse(req);
    expectParsedParts(result, req, {
      headers: [
        { name: "x-spam-status", value: "No" },
        { name: "x-spam-score", value: "-0.1" },
        { name: "x-spam-tests", value: "DKIM_SIGNED,DKIM_VALID,SPF_PASS" },
        parsedHeaders.custom,
        { name: "mime-version", value: "1.0" },
        ...parsedHeaders.thread,
      ],
      envelopeTo: ["support@acme.test"],
      envelopeFrom: null,
    });
  });

  it("reads RawEmail, when included, as the whole message", async () => {
    const raw = await rawMessage();
    expect(await source.parse(posted({ ...inbound, RawEmail: raw.toString() }))).toEqual([
      { ...fromRawMessage(raw), envelopeTo: ["support@acme.test"], envelopeFrom: null },
    ]);
  });

  it("parses a message without a sender, bodies or Message-ID", async () => {
    const bare = {
      ...inbound,
      FromFull: { Email: "", Name: "", MailboxHash: "" },
      TextBody: "",
      HtmlBody: "",
      Headers: [],
      Attachments: [],
      Date: "",
    };
    expect(await source.parse(posted(bare))).toEqual([
      expect.objectContaining({
        from: null,
        text: null,
        html: null,
        messageId: null,
        inReplyTo: null,
        references: [],
        date: null,
        headers: [],
        attachments: [],
      }),
    ]);
  });

  it("refuses a verified but unreadable body", async () => {
    await expect(source.parse(incoming("not json"))).rejects.toThrow(WebhookFormatError);
    await expect(source.parse(posted({ RecordType: "Delivery", MessageID: "x" }))).rejects.toThrow(WebhookFormatError);
    await expect(source.parse(posted({ ...inbound, Attachments: [{ Name: "a.txt" }] }))).rejects.toThrow(/Attachments/);
  });
});
