// Real reception over SMTP: an app server started with INBOUND_SMTP_PORT (and a STARTTLS
// certificate), nodemailer as the sending mail server, and the rules' actions seen where they
// land: forwards and auto-replies at a local SMTP sink (the organization's SMTP provider),
// webhook actions at a local receiver verifying the signature, the inbox through the v1 API.
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../helpers/http";
import { ownServer, type OwnServer } from "../../helpers/own-server";
import { freePort } from "../../helpers/server";
import { newSink, smtpProvider } from "../../helpers/sending";
import type { SmtpSink } from "../../helpers/smtp-sink";
import { startReceiver, verifyWithStandardWebhooks, type Receiver } from "../../helpers/webhook-receiver";
import { postmarkInboundJson } from "../../helpers/inbound-post";
import { basicAuthHeaders } from "../../helpers/provider-signing";

const DOMAIN = "in.acme.test";
const MAX_BYTES = 100 * 1024;

let own: OwnServer;
let sink: SmtpSink;
let receiver: Receiver;
let smtpPort: number;
let certDir: string;
let endpointSecret: string;
let endpointId: string;
let templateId: string;
let n = 0;

const api = (p: string, opts: { method?: string; body?: unknown } = {}) => call(p, { base: own.server.url, key: own.key, ...opts });
const asOwner = (p: string, opts: { method?: string; body?: unknown } = {}) =>
  call(p, { base: own.server.url, cookie: own.cookie, ...opts });

function transport(extra: Record<string, unknown> = {}) {
  return nodemailer.createTransport({ host: "127.0.0.1", port: smtpPort, secure: false, tls: { rejectUnauthorized: false }, ...extra });
}

async function eventually<T>(read: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface InboundRow {
  id: string;
  status: string;
  in_inbox: boolean;
  tags: string[];
  text: string | null;
  rule_results: { ruleId: string; actions: { type: string; status: string; detail: string | null }[] }[];
}

/** The processed record of the message with this subject. */
const processed = (subject: string) =>
  eventually(async () => {
    const { rows } = await own.sql.query<InboundRow>(
      `SELECT id::text, status, in_inbox, tags, text, rule_results FROM inbound_messages WHERE subject = $1 AND status <> 'received'`,
      [subject],
    );
    return rows[0];
  });

const countWithSubject = async (subject: string) =>
  Number((await own.sql.query(`SELECT count(*) FROM inbound_messages WHERE subject = $1`, [subject])).rows[0].count);

async function rule(body: Record<string, unknown>) {
  const res = await asOwner("/api/inbound/rules", { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
}

const subject = (tag: string) => `${tag} message ${++n} ${Date.now()}`;

beforeAll(async () => {
  certDir = mkdtempSync(path.join(tmpdir(), "inbound-tls-"));
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keyPath = path.join(certDir, "key.pem");
  const certPath = path.join(certDir, "cert.pem");
  writeFileSync(keyPath, privateKey.export({ type: "pkcs8", format: "pem" }));
  execFileSync("openssl", ["req", "-new", "-x509", "-key", keyPath, "-out", certPath, "-days", "2", "-subj", "/CN=mx.acme.test"]);

  sink = await newSink();
  receiver = await startReceiver();
  smtpPort = await freePort();
  own = await ownServer({
    env: {
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: "127.0.0.1",
      INBOUND_MAX_BYTES: String(MAX_BYTES),
      INBOUND_TLS_KEY: keyPath,
      INBOUND_TLS_CERT: certPath,
    },
    scopes: ["*"],
  });
  await smtpProvider(own.cookie, sink, {}, own.server.url);
  expect((await asOwner("/api/inbound/domains", { body: { name: DOMAIN } })).status).toBe(201);
  // Forwards and auto-replies come from the receiving address: in production its domain must be verified.
  await own.sql.query(`UPDATE domains SET status = 'verified' WHERE name = $1`, [DOMAIN]);
  const endpoint = await api("/api/v1/webhook-endpoints", { body: { url: receiver.url("/inbound"), events: ["email.bounced"] } });
  expect(endpoint.status).toBe(201);
  endpointSecret = endpoint.body.data.secret;
  endpointId = endpoint.body.data.id;
  const template = await api("/api/v1/templates", {
    body: {
      name: "auto",
      subject: "Thanks, {{sender_name}}",
      text: "We received: {{original_subject}}",
      variables: [{ name: "sender_name" }, { name: "original_subject" }],
    },
  });
  expect(template.status).toBe(201);
  templateId = template.body.data.id;
});

afterAll(async () => {
  await own?.close();
  await sink?.close();
  await receiver?.close();
  rmSync(certDir, { recursive: true, force: true });
});

describe("the SMTP listener", () => {
  it("offers STARTTLS with the configured certificate and accepts mail over it", async () => {
    const s = subject("tls");
    await transport({ requireTLS: true }).sendMail({ from: "Ann <ann@sender.test>", to: `hello@${DOMAIN}`, subject: s, text: "over TLS" });
    expect((await processed(s)).status).toBe("processed");
  });

  it("refuses recipients at domains it does not receive for (no open relay), and records nothing", async () => {
    const s = subject("relay");
    const err = await transport()
      .sendMail({ from: "ann@sender.test", to: "someone@elsewhere.test", subject: s, text: "x" })
      .catch((e: { responseCode?: number }) => e);
    expect((err as { responseCode?: number }).responseCode).toBe(550);
    expect(await countWithSubject(s)).toBe(0);
  });

  it("refuses a message over the size limit with 552, and records nothing", async () => {
    const s = subject("big");
    const err = await transport()
      .sendMail({
        from: "ann@sender.test",
        to: `hello@${DOMAIN}`,
        subject: s,
        text: "x",
        attachments: [{ filename: "big.bin", content: Buffer.alloc(MAX_BYTES * 2, 7) }],
      })
      .catch((e: { responseCode?: number }) => e);
    expect((err as { responseCode?: number }).responseCode).toBe(552);
    expect(await countWithSubject(s)).toBe(0);
  });

  it("refuses a message without a From header with 554, and records nothing", async () => {
    const s = subject("nofrom");
    const raw = `To: hello@${DOMAIN}\r\nSubject: ${s}\r\nMessage-ID: <nofrom-${n}@sender.test>\r\n\r\nbody\r\n`;
    const err = await transport()
      .sendMail({ envelope: { from: "ann@sender.test", to: [`hello@${DOMAIN}`] }, raw })
      .catch((e: { responseCode?: number }) => e);
    expect((err as { responseCode?: number }).responseCode).toBe(554);
    expect(await countWithSubject(s)).toBe(0);
  });

  it("with no rule matching, keeps the message in the inbox with its parts", async () => {
    const s = subject("plain");
    await transport().sendMail({
      from: "Ann Sender <ann@sender.test>",
      to: `hello@${DOMAIN}`,
      cc: "other@sender.test",
      subject: s,
      text: "plain text",
      html: "<p>html <b>body</b></p>",
      headers: { "X-Custom": "custom value" },
      attachments: [{ filename: "notes.txt", content: "attached notes", contentType: "text/plain" }],
    });
    const row = await processed(s);
    expect(row).toMatchObject({ status: "processed", in_inbox: true });
    const got = await api(`/api/v1/inbox/messages/${row.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      from: { address: "ann@sender.test", name: "Ann Sender" },
      to: [`hello@${DOMAIN}`],
      cc: ["other@sender.test"],
      envelopeTo: [`hello@${DOMAIN}`],
      envelopeFrom: "ann@sender.test",
      subject: s,
      text: "plain text",
      html: "<p>html <b>body</b></p>",
      source: "smtp",
      attachments: [{ filename: "notes.txt", contentType: "text/plain", size: 14 }],
    });
    expect(got.body.data.headers).toContainEqual({ name: "x-custom", value: "custom value" });
    const file = await api(`/api/v1/inbox/messages/${row.id}/attachments/${got.body.data.attachments[0].id}`);
    expect(Buffer.from(file.body.data.content, "base64").toString()).toBe("attached notes");
  });

  it("records a message without a Message-ID sent twice once", async () => {
    const s = subject("noid");
    const raw = `From: ann@sender.test\r\nTo: hello@${DOMAIN}\r\nSubject: ${s}\r\nDate: Sun, 01 Nov 2026 10:00:00 +0000\r\n\r\nsame body\r\n`;
    for (let i = 0; i < 2; i++) await transport().sendMail({ envelope: { from: "ann@sender.test", to: [`hello@${DOMAIN}`] }, raw });
    await processed(s);
    expect(await countWithSubject(s)).toBe(1);
  });

  it("accepts a message carrying NUL bytes in its headers (stored without them)", async () => {
    const s = subject("nul");
    const raw = `From: ann@sender.test\r\nTo: hello@${DOMAIN}\r\nSubject: ${s}\r\nMessage-ID: <nul\0id-${n}@sender.test>\r\nIn-Reply-To: <a\0b@sender.test>\r\nX-Odd: x\0y\r\n\r\nbody\0text\r\n`;
    await transport().sendMail({ envelope: { from: "ann@sender.test", to: [`hello@${DOMAIN}`] }, raw });
    const row = await processed(s);
    const got = await api(`/api/v1/inbox/messages/${row.id}`);
    expect(got.body.data.messageId).toBe(`<nulid-${n}@sender.test>`);
    expect(got.body.data.headers).toContainEqual({ name: "x-odd", value: "xy" });
  });

  it("records a message sent twice (same Message-ID) once", async () => {
    const s = subject("twice");
    const mail = {
      from: "ann@sender.test",
      to: `hello@${DOMAIN}`,
      subject: s,
      text: "again",
      messageId: `<twice-${n}@sender.test>`,
      date: new Date("2026-11-01T10:00:00Z"),
    };
    await transport().sendMail(mail);
    await transport().sendMail(mail);
    await processed(s);
    expect(await countWithSubject(s)).toBe(1);
  });
});

describe("provider inbound webhooks on the same limits", () => {
  it("refuses a message over INBOUND_MAX_BYTES with 413, and records nothing", async () => {
    const provider = await asOwner("/api/providers", {
      body: {
        name: "pm",
        type: "postmark",
        config: { serverToken: "t0ken-for-tests", webhookUsername: "pm", webhookPassword: "inbound-password-1" },
      },
    });
    expect(provider.status).toBe(201);
    const s = subject("pm-big");
    const body = postmarkInboundJson({
      from: { email: "ann@sender.test" },
      to: [{ email: `hello@${DOMAIN}` }],
      subject: s,
      text: "x".repeat(MAX_BYTES + 10),
    });
    const res = await call(`/api/inbound/providers/${provider.body.id}`, {
      base: own.server.url,
      raw: JSON.stringify(body),
      headers: basicAuthHeaders("pm", "inbound-password-1"),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await countWithSubject(s)).toBe(0);
  });
});

describe("rule actions on real mail", () => {
  it("forward: the message and its attachment arrive at the other address through the send path; tag and store apply", async () => {
    await rule({
      name: "forward",
      priority: 10,
      conditions: [{ field: "subject", operator: "starts_with", value: "[fwd]" }],
      actions: [{ type: "forward", to: ["ops@team.test"] }, { type: "tag", tags: ["forwarded"] }, { type: "store" }],
    });
    const s = subject("[fwd]");
    await transport().sendMail({
      from: "Ann <ann@sender.test>",
      to: `support@${DOMAIN}`,
      subject: s,
      text: "please look",
      attachments: [{ filename: "a.txt", content: "AAA" }],
    });
    const row = await processed(s);
    expect(row).toMatchObject({ in_inbox: true, tags: ["forwarded"] });
    expect(row.rule_results[0].actions[0]).toMatchObject({ type: "forward", status: "done" });
    const mail = await eventually(async () => sink.messages.find((m) => m.rcptTo.includes("ops@team.test") && m.raw.includes(s)));
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(`Fwd: ${s}`);
    expect(parsed.from?.value[0].address).toBe(`support@${DOMAIN}`);
    expect(parsed.replyTo?.value[0].address).toBe("ann@sender.test");
    expect(parsed.text).toContain("please look");
    expect(parsed.text).toContain("From: Ann <ann@sender.test>");
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([["a.txt", "AAA"]]);
    const marker = String(parsed.headers.get("x-mailroom-forwarded"));
    expect(marker).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(JSON.parse(Buffer.from(marker.split(".")[0], "base64url").toString())).toEqual([row.id]);
  });

  it("a forward that fails for good keeps the message in the inbox with the reason", async () => {
    await rule({
      name: "forward-fails",
      priority: 11,
      conditions: [{ field: "subject", operator: "starts_with", value: "[fail-fwd]" }],
      actions: [{ type: "forward", to: ["ops@team.test"] }],
    });
    await own.sql.query(`UPDATE organizations SET send_mode = 'test'`); // ops@team.test is on no test list
    try {
      const s = subject("[fail-fwd]");
      await transport().sendMail({ from: "ann@sender.test", to: `support@${DOMAIN}`, subject: s, text: "keep me" });
      const row = await processed(s);
      expect(row).toMatchObject({ status: "processed", in_inbox: true });
      expect(row.text).toMatch(/keep me/);
      expect(row.rule_results[0].actions[0]).toMatchObject({
        type: "forward",
        status: "failed",
        detail: expect.stringMatching(/Test mode/),
      });
    } finally {
      await own.sql.query(`UPDATE organizations SET send_mode = 'production'`);
    }
  });

  it("a sender cannot switch forwarding off with a forged loop marker", async () => {
    const s = subject("[fwd]");
    await transport().sendMail({
      from: "ann@sender.test",
      to: `support@${DOMAIN}`,
      subject: s,
      text: "forged",
      headers: { "X-Mailroom-Forwarded": "00000000-0000-0000-0000-000000000000.AAAAAAAAAAAAAAAAAAAAAA" },
    });
    const row = await processed(s);
    expect(row.rule_results[0].actions[0]).toMatchObject({ type: "forward", status: "done" });
    await eventually(async () => sink.messages.find((m) => m.rcptTo.includes("ops@team.test") && m.raw.includes(s)));
  });

  it("a message this installation forwarded is not forwarded again (no loops)", async () => {
    const first = sink.messages.find((m) => m.rcptTo.includes("ops@team.test"))!;
    const parsed = await simpleParser(first.raw);
    const s = subject("[fwd]");
    const marker = parsed.headers.get("x-mailroom-forwarded") as string;
    await transport().sendMail({
      from: "ops@team.test",
      to: `support@${DOMAIN}`,
      subject: s,
      text: "came back",
      headers: { "X-Mailroom-Forwarded": marker },
    });
    const row = await processed(s);
    expect(row.rule_results[0].actions[0]).toMatchObject({ type: "forward", status: "skipped", detail: expect.stringMatching(/loop/) });
  });

  it("webhook: the message arrives at the endpoint signed like every delivery", async () => {
    await rule({
      name: "hook",
      priority: 20,
      conditions: [{ field: "subject", operator: "starts_with", value: "[hook]" }],
      actions: [{ type: "webhook", endpointId }],
    });
    const s = subject("[hook]");
    await transport().sendMail({ from: "ann@sender.test", to: `support@${DOMAIN}`, subject: s, text: "hook me" });
    const [delivery] = await receiver.waitFor("/inbound", 1);
    const payload = verifyWithStandardWebhooks(delivery, endpointSecret) as Record<string, unknown>;
    const row = await processed(s);
    expect(payload).toMatchObject({
      type: "inbound.received",
      inbound_id: row.id,
      subject: s,
      text: expect.stringMatching(/^hook me\s*$/),
      from: { address: "ann@sender.test" },
      to: [`support@${DOMAIN}`],
    });
    expect(delivery.headers["x-webhook-signature"]).toMatch(/^v1,/);
  });

  it("auto_reply: the sender gets the template, threaded and marked automatic, once a day per rule", async () => {
    await rule({
      name: "auto",
      priority: 30,
      conditions: [{ field: "subject", operator: "starts_with", value: "[auto]" }],
      actions: [{ type: "auto_reply", templateId }],
    });
    const s = subject("[auto]");
    const messageId = `<auto-${n}@sender.test>`;
    await transport().sendMail({
      from: "Bea <bea@sender.test>",
      to: `help@${DOMAIN}`,
      subject: s,
      text: "hello?",
      messageId,
      envelope: { from: "bea@sender.test", to: [`help@${DOMAIN}`] },
    });
    const mail = await eventually(async () => sink.messages.find((m) => m.rcptTo.includes("bea@sender.test")));
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe("Thanks, Bea");
    expect(parsed.text).toContain(`We received: ${s}`);
    expect(parsed.inReplyTo).toBe(messageId);
    expect(parsed.references).toContain(messageId);
    expect(parsed.headers.get("auto-submitted")).toBe("auto-replied");
    expect(parsed.from?.value[0].address).toBe(`help@${DOMAIN}`);

    const again = subject("[auto]");
    await transport().sendMail({ from: "bea@sender.test", to: `help@${DOMAIN}`, subject: again, text: "still there?" });
    const second = await processed(again);
    expect(second.rule_results[0].actions[0]).toMatchObject({
      type: "auto_reply",
      status: "skipped",
      detail: expect.stringMatching(/last 24 hours/),
    });
    expect(sink.messages.filter((m) => m.rcptTo.includes("bea@sender.test"))).toHaveLength(1);
  });

  it("auto_reply answers the envelope sender (Return-Path), not a Reply-To", async () => {
    const s = subject("[auto]");
    await transport().sendMail({
      from: "Cy <cy@sender.test>",
      replyTo: "victim@elsewhere.test",
      to: `help@${DOMAIN}`,
      subject: s,
      text: "x",
      envelope: { from: "cy-return@sender.test", to: [`help@${DOMAIN}`] },
    });
    await eventually(async () => sink.messages.find((m) => m.rcptTo.includes("cy-return@sender.test")));
    expect(sink.messages.some((m) => m.rcptTo.includes("victim@elsewhere.test"))).toBe(false);
  });

  it("auto_reply never answers automatic mail", async () => {
    const s = subject("[auto]");
    await transport().sendMail({
      from: "robot@sender.test",
      to: `help@${DOMAIN}`,
      subject: s,
      text: "x",
      headers: { "Auto-Submitted": "auto-generated" },
    });
    const row = await processed(s);
    expect(row.rule_results[0].actions[0]).toMatchObject({ status: "skipped", detail: expect.stringMatching(/automatic/) });
    expect(sink.messages.some((m) => m.rcptTo.includes("robot@sender.test"))).toBe(false);
  });

  it("drop: the message is discarded, not in the inbox, its body gone", async () => {
    await rule({
      name: "drop",
      priority: 5,
      conditions: [{ field: "from", operator: "ends_with", value: "@spam.test" }],
      actions: [{ type: "drop" }],
    });
    const s = subject("offer");
    await transport().sendMail({
      from: "win@spam.test",
      to: `hello@${DOMAIN}`,
      subject: s,
      text: "cheap",
      attachments: [{ filename: "x.txt", content: "x" }],
    });
    const row = await processed(s);
    expect(row).toMatchObject({ status: "dropped", in_inbox: false, text: null });
    expect((await api(`/api/v1/inbox/messages/${row.id}`)).status).toBe(404);
    expect(
      Number((await own.sql.query(`SELECT count(*) FROM inbound_attachments WHERE inbound_message_id = $1`, [row.id])).rows[0].count),
    ).toBe(0);
  });

  it("priority and stop: a higher-priority rule that stops keeps later rules from running", async () => {
    await rule({
      name: "second",
      priority: 41,
      conditions: [{ field: "subject", operator: "contains", value: "[stop]" }],
      actions: [{ type: "tag", tags: ["second"] }, { type: "store" }],
    });
    await rule({
      name: "first",
      priority: 40,
      conditions: [{ field: "subject", operator: "contains", value: "[stop]" }],
      actions: [{ type: "tag", tags: ["first"] }, { type: "stop" }],
    });
    await rule({
      name: "disabled",
      priority: 1,
      isEnabled: false,
      conditions: [{ field: "subject", operator: "contains", value: "[stop]" }],
      actions: [{ type: "drop" }],
    });
    const s = subject("[stop]");
    await transport().sendMail({ from: "ann@sender.test", to: `hello@${DOMAIN}`, subject: s, text: "x" });
    const row = await processed(s);
    expect(row.tags).toEqual(["first"]);
    expect(row.rule_results.map((r) => r.actions.map((a) => a.type))).toEqual([["tag", "stop"]]);
    // Rules matched and none stored it: only its record is kept.
    expect(row).toMatchObject({ status: "processed", in_inbox: false, text: null });
  });

  it("a pathological regular expression in a rule does not hold up reception", async () => {
    await rule({
      name: "regex",
      priority: 50,
      conditions: [{ field: "body", operator: "matches", value: "(a+)+$" }],
      actions: [{ type: "tag", tags: ["never"] }],
    });
    const s = subject("regex");
    await transport().sendMail({ from: "ann@sender.test", to: `hello@${DOMAIN}`, subject: s, text: `${"a".repeat(60_000)}!` });
    const row = await processed(s);
    expect(row.tags).not.toContain("never");
    expect((await call("/api/health", { base: own.server.url })).status).toBe(200);
  });
});
