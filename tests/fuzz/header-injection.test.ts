// Header injection into sent mail: hostile text (CR/LF, encoded line breaks, Unicode line
// separators, NUL, direction overrides) in every field that becomes a header of the message —
// display names, the subject, template variables rendered into the subject, custom headers,
// attachment names, and an inbound message's Subject and Message-ID that a reply quotes. Sends
// go through an SMTP provider to a local SMTP sink; whatever is accepted must arrive with no
// header line the sender did not intend and no recipient but the addressed ones.
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { postmarkInboundProvider, postmarkInboundJson, postPostmark, processed, type PostmarkInbound } from "../helpers/inbound-post";
import { CRLF_STRINGS, hostileString, INJECTED_HEADER, UNICODE_STRINGS } from "./support/hostile";
import { fcParams, RUNS } from "./support/runner";

let sink: SmtpSink;
let key: string;
let templateId: string;
let inbound: PostmarkInbound;

const FROM = "ann@sender.test";
const TO = "reader@example.test";

beforeAll(async () => {
  sink = await newSink();
  const org = await newOrg();
  await productionMode(org.org.id);
  await smtpProvider(org.cookie, sink);
  inbound = await postmarkInboundProvider(org.cookie, { isActive: false });
  key = (await createKey(org.cookie, ["email:send", "templates:write", "inbox:read", "inbox:send"])).key;
  const t = await call("/api/v1/templates", {
    key,
    body: { name: "Injected", subject: "Hi {{name}}", html: "<p>{{name}}</p>", text: "{{name}}" },
  });
  templateId = t.body.data.id;
});
afterAll(() => sink.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function nextMessage(count: number) {
  for (let i = 0; i < 200 && sink.messages.length <= count; i++) await sleep(25);
  return sink.messages[count];
}

/** The header block as the receiving server reads it: unfolded, one header per entry. */
function headerLines(raw: Buffer): string[] {
  const text = raw.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  return text
    .slice(0, end === -1 ? undefined : end)
    .replace(/\r\n[ \t]/g, " ")
    .split("\r\n");
}

/** Problems with a received message: a header name we never set, a header twice, any Bcc, a
 * line that is no header, the header block cut short, or a recipient beyond `expected`. */
function injected(mail: { raw: Buffer; rcptTo: string[] }, expected: string[]): string[] {
  const problems: string[] = [];
  const names = headerLines(mail.raw).map((l) => l.slice(0, l.indexOf(":")).toLowerCase());
  for (const bad of [INJECTED_HEADER.toLowerCase(), "bcc", "x-line-separator", "x-next-line", "x-encoded"]) {
    if (names.includes(bad)) problems.push(`header ${bad} reached the message`);
  }
  for (const once of ["subject", "from", "to", "reply-to", "in-reply-to", "references"]) {
    if (names.filter((n) => n === once).length > 1) problems.push(`header ${once} appears twice`);
  }
  const unexpected = mail.rcptTo.filter((r) => !expected.includes(r.toLowerCase()));
  if (unexpected.length) problems.push(`extra recipients ${unexpected.join(", ")}`);
  // A line that is no header, or a header block cut short (an injected blank line), means text got out of its header.
  const notHeaders = headerLines(mail.raw).filter((l) => !/^[!-9;-~]+:/.test(l));
  if (notHeaders.length) problems.push(`lines in the header block that are no header: ${JSON.stringify(notHeaders)}`);
  for (const required of ["from", "to", "subject", "date", "message-id", "mime-version"])
    if (!names.includes(required)) problems.push(`header ${required} missing (the header block was cut short)`);
  return problems;
}

const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CRLF_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...UNICODE_STRINGS) },
  { weight: 1, arbitrary: hostileString.filter((s) => s.length < 900) },
);

type Send = { path: string; body: Record<string, unknown>; field: string; recipients: string[] };

const sends: fc.Arbitrary<Send> = fc.oneof(
  fc.tuple(fc.constantFrom("fromName", "replyToName", "subject"), hostile).map(([field, s]) => ({
    path: "/api/v1/email/send",
    field,
    recipients: [TO],
    body: { from: FROM, to: TO, replyTo: "replies@example.test", subject: "Hello", text: "x", [field]: s },
  })),
  hostile.map((s) => ({
    path: "/api/v1/email/send",
    field: "to (display name)",
    recipients: [TO],
    body: { from: FROM, to: `${s} <${TO}>`, subject: "Hello", text: "x" },
  })),
  hostile.map((s) => ({
    path: "/api/v1/email/send",
    field: "headers",
    recipients: [TO],
    body: { from: FROM, to: TO, subject: "Hello", text: "x", headers: { "X-Custom": s } },
  })),
  hostile.map((s) => ({
    path: "/api/v1/email/send",
    field: "attachments.filename",
    recipients: [TO],
    body: {
      from: FROM,
      to: TO,
      subject: "Hello",
      text: "x",
      attachments: [{ filename: s, content: Buffer.from("hi").toString("base64"), contentType: "text/plain" }],
    },
  })),
  hostile.map((s) => ({
    path: "/api/v1/email/send-templated",
    field: "variables.name",
    recipients: [TO],
    body: { templateId, from: FROM, recipients: [TO], variables: { name: s } },
  })),
);

describe("header injection into sent mail", () => {
  it("hostile text in fields that become headers never adds a header or a recipient", async () => {
    await fc.assert(
      fc.asyncProperty(sends, async (send) => {
        const before = sink.messages.length;
        const res = await call(send.path, { key, body: send.body });
        if (res.status >= 500) throw new Error(`${send.field}: ${res.status} ${JSON.stringify(res.body)}`);
        const accepted =
          res.status === 200 &&
          (Array.isArray(res.body.data)
            ? res.body.data.some((r: { status: string }) => r.status === "sent")
            : res.body.data.status === "sent");
        if (!accepted) return;
        const mail = await nextMessage(before);
        if (!mail) throw new Error(`${send.field}: accepted but nothing reached the sink`);
        const problems = injected(mail, send.recipients);
        if (problems.length)
          throw new Error(`${send.field} = ${JSON.stringify(send.body)}\n${problems.join("\n")}\n${headerLines(mail.raw).join("\n")}`);
      }),
      fcParams(RUNS * 2),
    );
  });

  it("a reply quotes a hostile inbound Subject and Message-ID without adding a header", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom("Subject", "Message-ID", "References"), async (s, where) => {
        const mail = postmarkInboundJson({
          from: { email: "writer@example.test", name: "Writer" },
          to: [{ email: "x@acme.test" }],
          subject: where === "Subject" ? s : "Question",
          text: "Hello",
          messageId: where === "Message-ID" ? `<${s}@example.test>` : undefined,
          references: where === "References" ? [`<${s}@example.test>`] : undefined,
        });
        const posted = await postPostmark(inbound, mail);
        if (posted.status >= 500) throw new Error(`inbound ${where}: ${posted.status} ${JSON.stringify(posted.body)}`);
        if (posted.status !== 200) return;
        const [id] = posted.body.ids as string[];
        await processed(id);
        const before = sink.messages.length;
        const reply = await call(`/api/v1/inbox/messages/${id}/reply`, { key, body: { text: "Thanks" } });
        if (reply.status >= 500) throw new Error(`reply to a hostile ${where}: ${reply.status} ${JSON.stringify(reply.body)}`);
        if (reply.status !== 200) return;
        const sent = await nextMessage(before);
        if (!sent) throw new Error(`reply accepted but nothing reached the sink`);
        const problems = injected(sent, ["writer@example.test"]);
        if (problems.length)
          throw new Error(`inbound ${where} = ${JSON.stringify(s)}\n${problems.join("\n")}\n${headerLines(sent.raw).join("\n")}`);
      }),
      fcParams(RUNS),
    );
  });
});
