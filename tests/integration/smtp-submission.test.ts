// Sending through Mailroom over SMTP, as WordPress or Supabase Auth do: nodemailer as the
// application, the listener started by the production server (SMTP_SUBMISSION_*), and the
// organization's SMTP provider a local sink that receives the real MIME. STARTTLS or implicit
// TLS, AUTH with an API key; refusals answered with the codes a mail client acts on.
import { converse } from "../helpers/smtp-conversation";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selfSignedPair } from "@/lib/smtp/self-signed";
import { call } from "../helpers/http";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { freePort } from "../helpers/server";
import { newSink, smtpProvider } from "../helpers/sending";
import { startReceiver, verifyByHand, type Receiver } from "../helpers/webhook-receiver";
import type { SmtpSink } from "../helpers/smtp-sink";

const MAX_BYTES = 200 * 1024;
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256))]);

let own: OwnServer;
let sink: SmtpSink;
let receiver: Receiver;
let hookSecret: string;
let certDir: string;
let caCert: string;
let port: number;
let tlsPort: number;
let n = 0;

const asOwner = (p: string, opts: { method?: string; body?: unknown } = {}) =>
  call(p, { base: own.server.url, cookie: own.cookie, ...opts });
const subject = (tag: string) => `${tag} ${++n} ${Date.now()}`;

/** The application's SMTP client: STARTTLS required, the test's certificate trusted, nothing else. */
function transport(auth: { user: string; pass: string } | null = { user: "mailroom", pass: own.key }, extra: Record<string, unknown> = {}) {
  return nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    requireTLS: true,
    tls: { ca: caCert, servername: "localhost" },
    ...(auth ? { auth } : {}),
    ...extra,
  });
}

type Refusal = { responseCode?: number; response?: string };
const refusal = (sending: Promise<unknown>) => sending.then(() => ({}) as Refusal).catch((e: Refusal) => e);

async function newKey(scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await asOwner("/api/api-keys", { body: { name: `key ${++n}`, scopes, ...extra } });
  expect(res.status).toBe(201);
  return res.body as { id: string; key: string };
}

const sinkMail = (s: string) => sink.messages.filter((m) => m.raw.toString().includes(s));

/** A plain-text SMTP conversation with the submission listener (over implicit TLS on its TLS port). */
const converseWith = (commands: string[], { implicitTls = false } = {}): Promise<string[]> =>
  converse(
    implicitTls ? tlsConnect({ port: tlsPort, host: "127.0.0.1", ca: caCert, servername: "localhost" }) : connect(port, "127.0.0.1"),
    commands,
  );

beforeAll(async () => {
  certDir = mkdtempSync(path.join(tmpdir(), "submission-tls-"));
  const pair = selfSignedPair({ names: ["localhost", "127.0.0.1"], days: 2 });
  caCert = pair.cert;
  writeFileSync(path.join(certDir, "key.pem"), pair.key);
  writeFileSync(path.join(certDir, "cert.pem"), pair.cert);
  sink = await newSink();
  [port, tlsPort] = [await freePort(), await freePort()];
  own = await ownServer({
    env: {
      SMTP_SUBMISSION_PORT: String(port),
      SMTP_SUBMISSION_TLS_PORT: String(tlsPort),
      SMTP_SUBMISSION_HOST: "127.0.0.1",
      SMTP_SUBMISSION_MAX_BYTES: String(MAX_BYTES),
      SMTP_SUBMISSION_TLS_KEY: path.join(certDir, "key.pem"),
      SMTP_SUBMISSION_TLS_CERT: path.join(certDir, "cert.pem"),
    },
    scopes: ["email:send", "analytics:read"],
  });
  await smtpProvider(own.cookie, sink, { name: "relay" }, own.server.url);
  receiver = await startReceiver();
  const endpoint = await asOwner("/api/v1/webhook-endpoints", { body: { url: receiver.url("/smtp"), events: ["email.sent"] } });
  expect(endpoint.status).toBe(201);
  hookSecret = endpoint.body.data.secret;
});

afterAll(async () => {
  await own?.close();
  await sink?.close();
  await receiver?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

describe("SMTP submission", () => {
  it("sends a message through the organization's provider: Bcc delivered but not shown, attachments and inline image intact", async () => {
    const s = subject("full");
    const info = await transport().sendMail({
      from: "Ann <ann@sender.test>",
      to: "Bob <bob@example.test>",
      cc: "carol@example.test",
      bcc: "hidden@example.test",
      subject: s,
      text: "Your report is attached.",
      html: '<p>Your report <img src="cid:logo@acme"></p>',
      headers: { "X-Campaign": "spring", Sender: "forged@elsewhere.test" },
      attachments: [
        { filename: "report.pdf", content: PDF, contentType: "application/pdf" },
        { filename: "logo.png", content: PIXEL, contentType: "image/png", cid: "logo@acme" },
      ],
    });
    const id = /Accepted as ([0-9a-f-]{36}) \(sent\)/.exec(info.response)?.[1];
    expect(id, info.response).toBeTruthy();

    const [delivered] = sinkMail(s);
    expect(delivered.rcptTo.sort()).toEqual(["bob@example.test", "carol@example.test", "hidden@example.test"]);
    expect(delivered.raw.toString()).not.toMatch(/hidden@example\.test/);
    const mail = await simpleParser(delivered.raw, { keepCidLinks: true });
    expect(mail.from?.value[0]).toMatchObject({ address: "ann@sender.test", name: "Ann" });
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual(["bob@example.test"]);
    expect(mail.cc && !Array.isArray(mail.cc) ? mail.cc.value.map((a) => a.address) : []).toEqual(["carol@example.test"]);
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.headers.get("x-campaign")).toBe("spring");
    expect(mail.headers.has("sender")).toBe(false);
    expect(mail.html).toContain('src="cid:logo@acme"');
    const pdf = mail.attachments.find((a) => a.filename === "report.pdf");
    expect(pdf?.content.equals(PDF)).toBe(true);
    const logo = mail.attachments.find((a) => a.filename === "logo.png");
    expect(logo?.content.equals(PIXEL)).toBe(true);
    expect(logo?.cid).toBe("logo@acme");

    // Visible afterwards through the messages API as any API send, its webhook delivered, and audited as the key's.
    const listed = await call(`/api/v1/email/messages?subject=${encodeURIComponent(s)}`, { base: own.server.url, key: own.key });
    expect(listed.body.data.map((m: { id: string }) => m.id)).toEqual([id]);
    const message = await call(`/api/v1/email/messages/${id}`, { base: own.server.url, key: own.key });
    expect(message.status).toBe(200);
    expect(message.body.data).toMatchObject({
      subject: s,
      to: ["bob@example.test"],
      cc: ["carol@example.test"],
      bcc: ["hidden@example.test"],
      providerName: "relay",
      status: "sent",
    });
    expect(message.body.data.fromAddress).toContain("ann@sender.test");
    expect(message.body.data.attachments.map((a: { filename: string }) => a.filename).sort()).toEqual(["logo.png", "report.pdf"]);
    const hits = (await receiver.waitFor("/smtp", 3)).filter((h) => JSON.parse(h.body).email_id === id);
    expect(hits.map((h) => JSON.parse(h.body).recipient).sort()).toEqual(["bob@example.test", "carol@example.test", "hidden@example.test"]);
    for (const hit of hits) expect(verifyByHand(hit, hookSecret)).toBe(true);
    const audit = await own.sql.query(
      `SELECT actor_type, outcome FROM audit_logs WHERE action = 'email.send' AND metadata->>'subject' = $1`,
      [s],
    );
    expect(audit.rows).toEqual([{ actor_type: "api_key", outcome: "sent" }]);
  });

  it("accepts implicit TLS on the TLS port, with AUTH LOGIN and any user name", async () => {
    const s = subject("implicit");
    await nodemailer
      .createTransport({
        host: "127.0.0.1",
        port: tlsPort,
        secure: true,
        tls: { ca: caCert, servername: "localhost" },
        auth: { user: "wordpress", pass: own.key, method: "LOGIN" },
      })
      .sendMail({ from: "ann@sender.test", to: "dee@example.test", subject: s, text: "over implicit TLS" });
    expect(sinkMail(s).map((m) => m.rcptTo)).toEqual([["dee@example.test"]]);
  });

  it("sends into the project its key is bound to", async () => {
    const project = await asOwner("/api/projects", { body: { name: `SMTP ${++n}` } });
    expect(project.status).toBe(201);
    const bound = await newKey(["email:send"], { projectId: project.body.id });
    const s = subject("project");
    await transport({ user: "mailroom", pass: bound.key }).sendMail({
      from: "ann@sender.test",
      to: "bob@example.test",
      subject: s,
      text: "x",
    });
    const rows = await own.sql.query(`SELECT project_id::text, api_key_id::text FROM messages WHERE subject = $1`, [s]);
    expect(rows.rows).toEqual([{ project_id: project.body.id, api_key_id: bound.id }]);
  });

  it("offers no AUTH before STARTTLS, refuses it if tried, and refuses MAIL FROM without AUTH", async () => {
    const plain = Buffer.from(`\0mailroom\0${own.key}`).toString("base64");
    const [greeting, ehlo, auth, mail] = await converseWith(["EHLO app.test", `AUTH PLAIN ${plain}`, "MAIL FROM:<ann@sender.test>"]);
    expect(greeting).toMatch(/^220 /);
    expect(ehlo).toMatch(/STARTTLS/);
    expect(ehlo).not.toMatch(/AUTH/);
    expect(auth).toMatch(/^5\d\d /);
    expect(mail).toMatch(/^530 5\.7\.0 /);
  });

  it("refuses MAIL FROM with 530 over TLS until AUTH", async () => {
    const err = await refusal(
      transport(null).sendMail({ from: "ann@sender.test", to: "bob@example.test", subject: subject("noauth"), text: "x" }),
    );
    expect(err.responseCode).toBe(530);
  });

  it("refuses with 535 a password that is no key, a revoked key and a key without email:send", async () => {
    const revoked = await newKey(["email:send"]);
    expect((await asOwner(`/api/api-keys/${revoked.id}`, { method: "DELETE" })).status).toBe(200);
    const readOnly = await newKey(["analytics:read"]);
    for (const pass of ["not-a-key", revoked.key, readOnly.key]) {
      const s = subject("badkey");
      const err = await refusal(
        transport({ user: "mailroom", pass }).sendMail({ from: "ann@sender.test", to: "bob@example.test", subject: s, text: "x" }),
      );
      expect(err.responseCode).toBe(535);
      expect(err.response).toMatch(/^535 5\.7\.8 /);
      expect(sinkMail(s)).toEqual([]);
    }
  });

  it("hangs up on a connection after three failed AUTH attempts", async () => {
    const plain = (key: string) => `AUTH PLAIN ${Buffer.from(`\0mailroom\0${key}`).toString("base64")}`;
    const replies = await converseWith(["EHLO app.test", plain("mr_wrong1"), plain("mr_wrong2"), plain("mr_wrong3")], {
      implicitTls: true,
    });
    expect(replies[1]).toMatch(/AUTH PLAIN LOGIN/);
    expect(replies.slice(2)).toEqual([
      expect.stringMatching(/^535 5\.7\.8 /),
      expect.stringMatching(/^535 5\.7\.8 /),
      expect.stringMatching(/^421 4\.7\.0 /),
    ]);
  });

  it("refuses in test mode a recipient off the test list with 550 and Mailroom's reason", async () => {
    await own.sql.query(`UPDATE organizations SET send_mode = 'test'`);
    try {
      const s = subject("testmode");
      const err = await refusal(transport().sendMail({ from: "ann@sender.test", to: "stranger@example.test", subject: s, text: "x" }));
      expect(err.responseCode).toBe(550);
      expect(err.response).toMatch(/^550 5\.7\.1 .*test/i);
      expect(sinkMail(s)).toEqual([]);
    } finally {
      await own.sql.query(`UPDATE organizations SET send_mode = 'production'`);
    }
  });

  it("refuses a From that is not a verified sender with 553", async () => {
    const s = subject("sender");
    const err = await refusal(transport().sendMail({ from: "someone@unverified.test", to: "bob@example.test", subject: s, text: "x" }));
    expect(err.responseCode).toBe(553);
    expect(sinkMail(s)).toEqual([]);
  });

  it("refuses with 554 a message holding text the database cannot store (NUL), as the send API refuses it, and records nothing", async () => {
    for (const [field, message] of [
      ["subject", { subject: `${subject("nul")} \u0000 in it`, text: "x" }],
      ["text", { subject: subject("nul"), text: "a NUL \u0000 in the body" }],
    ] as const) {
      const before = await own.sql.query(`SELECT count(*)::int AS n FROM messages`);
      const err = await refusal(transport().sendMail({ from: "ann@sender.test", to: "bob@example.test", ...message }));
      expect(err.responseCode).toBe(554);
      expect(err.response).toMatch(new RegExp(`^554 5\\.6\\.0 Invalid request: message\\.${field}: `));
      expect((await own.sql.query(`SELECT count(*)::int AS n FROM messages`)).rows[0].n).toBe(before.rows[0].n);
    }
  });

  it("refuses a message over the size limit with 552", async () => {
    const s = subject("big");
    const err = await refusal(
      transport().sendMail({
        from: "ann@sender.test",
        to: "bob@example.test",
        subject: s,
        text: "x",
        attachments: [{ filename: "big.bin", content: Buffer.alloc(MAX_BYTES * 2, 7) }],
      }),
    );
    expect(err.responseCode).toBe(552);
    expect(sinkMail(s)).toEqual([]);
  });

  it("refuses with 552 a message whose header section is over 64 KiB, before parsing it, and stays responsive", async () => {
    const s = subject("folded");
    const err = await refusal(
      transport().sendMail({
        from: "ann@sender.test",
        to: "bob@example.test",
        subject: s,
        text: "x",
        headers: { "X-Folded": Array.from({ length: 40_000 }, () => "y").join("\r\n ") },
      }),
    );
    expect(err.responseCode).toBe(552);
    expect(err.response).toContain("header section is larger than 64 KiB");
    expect(sinkMail(s)).toEqual([]);
    expect((await call("/api/health/live", { base: own.server.url })).status).toBe(200);
  });

  it("answers 421 to a fifth connection at once from one address, and takes it again once one closes", async () => {
    const greetings: string[] = [];
    const sockets = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(port, "127.0.0.1");
            socket.once("data", (d) => {
              greetings.push(d.toString().slice(0, 3));
              resolve(socket);
            });
          }),
      ),
    );
    expect(greetings.sort()).toEqual(["220", "220", "220", "220", "421"]);
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    const [greeting] = await converseWith([]);
    expect(greeting).toMatch(/^220 /);
  });

  it("counts each message against the key's rate limit and answers 451 past it", async () => {
    const limited = await newKey(["email:send"]);
    await own.sql.query(`UPDATE api_keys SET rate_limit_per_minute = 1 WHERE id = $1`, [limited.id]);
    // Three messages span at most two one-minute windows: one window holds two, and refuses one.
    const outcomes: Refusal[] = [];
    for (let i = 0; i < 3; i++) {
      const send = transport({ user: "mailroom", pass: limited.key }).sendMail({
        from: "ann@sender.test",
        to: "bob@example.test",
        subject: subject("rate"),
        text: "x",
      });
      outcomes.push(await refusal(send));
    }
    const refused = outcomes.filter((o) => o.responseCode);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.response).toMatch(/^451 4\.7\.0 Rate limit/);
  });
});
