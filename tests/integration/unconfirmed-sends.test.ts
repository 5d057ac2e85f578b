// A provider that takes the whole message and then drops the connection without answering
// (docs/sending.md): the send is not failed over at once (the provider may have it), it is
// answered `unconfirmed` and reconciled. One copy reaches the recipient either way:
// - the provider kept it, and says so by an event naming the message: confirmed, no failover;
// - the provider de-duplicates sends (Resend's Idempotency-Key): asked again at once, one copy;
// - the provider did not keep it and nothing says otherwise: after SEND_RECONCILE_SECONDS the
//   same message goes through the next provider.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { newSink, SINK_PASSWORD, SINK_USER } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { messageIdOf, startFlakySmtp, type FlakySmtp } from "../helpers/flaky-smtp";
import { mailgunBody } from "../helpers/provider-signing";

const RECONCILE_SECONDS = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A provider API that reads each send in full, keeps what `accept` says, and drops the connection instead of answering (unless `answer` gives one). */
async function droppingApi(
  handle: (req: {
    path: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }) => { status: number; body: unknown } | "drop",
) {
  const server: Server = createServer((req, res) => {
    if (req.method === "HEAD") return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = handle({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (answer === "drop") return void req.socket.resetAndDestroy();
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

let s: OwnServer;
let sink: SmtpSink;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  s = await ownServer({ env: { SEND_RECONCILE_SECONDS: String(RECONCILE_SECONDS) }, scopes: ["email:send"] });
  await s.sql.query(`UPDATE organizations SET plan = 'enterprise'`); // room for a provider pair per case
  sink = await newSink();
});
afterAll(async () => {
  for (const c of closers) await c();
  await sink?.close();
  await s?.server.stop();
  await s?.sql.end();
  await s?.database.drop();
});

/** Only these providers are active: the one under test first, the sink as the fallback. */
async function providers(first: Record<string, unknown>) {
  await s.sql.query(`UPDATE providers SET is_active = false`);
  const made = await call("/api/providers", { base: s.server.url, cookie: s.cookie, body: { priority: 1, ...first } });
  expect(made.status).toBe(201);
  const fallback = await call("/api/providers", {
    base: s.server.url,
    cookie: s.cookie,
    body: {
      name: `fallback ${Date.now()}`,
      type: "smtp",
      priority: 2,
      config: { host: "127.0.0.1", port: sink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD },
    },
  });
  expect(fallback.status).toBe(201);
  return { id: made.body.id as string, name: made.body.name as string };
}

const send = (subject: string) =>
  call("/api/v1/email/send", {
    base: s.server.url,
    key: s.key,
    body: { from: "ann@sender.test", to: "reader@example.test", subject, text: "once" },
  });

const messageRow = async (id: string) =>
  (
    await s.sql.query(
      `SELECT status, provider_name, provider_message_id, message_id_header, unconfirmed_at, reconcile_at, sent_at, error FROM messages WHERE id = $1`,
      [id],
    )
  ).rows[0];
const auditOutcomes = async (id: string) =>
  (await s.sql.query(`SELECT outcome FROM audit_logs WHERE metadata ->> 'messageId' = $1 ORDER BY created_at`, [id])).rows.map(
    (r) => r.outcome,
  );
const sinkCopies = (header: string) => sink.messages.filter((m) => messageIdOf(m.raw) === header).length;

async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (done(v) || Date.now() > deadline) return v;
    await sleep(100);
  }
}

describe("a provider that drops the connection after taking the message", () => {
  it("did not keep it: answered unconfirmed, then sent once through the next provider after the reconciliation window", async () => {
    const flaky: FlakySmtp = await startFlakySmtp({ afterData: () => ({ reply: "drop" }), keep: () => false });
    closers.push(() => flaky.close());
    const provider = await providers({ name: "flaky smtp", type: "smtp", config: { host: "127.0.0.1", port: flaky.port, secure: false } });

    const res = await send("Failover after the window");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "unconfirmed", provider: provider.name, messageId: null, sentAt: null });
    const id = res.body.data.id as string;
    const first = await messageRow(id);
    expect(first).toMatchObject({ status: "unconfirmed", provider_name: provider.name, sent_at: null });
    expect(first.error).toMatch(/no reply after the message was sent/);
    expect(first.unconfirmed_at).not.toBeNull();
    expect(new Date(first.reconcile_at).getTime() - new Date(first.unconfirmed_at).getTime()).toBeGreaterThanOrEqual(
      RECONCILE_SECONDS * 1000 - 100,
    );
    expect(sinkCopies(first.message_id_header)).toBe(0); // not failed over at once

    const settled = await until(
      () => messageRow(id),
      (m) => m.status !== "unconfirmed",
    );
    expect(settled).toMatchObject({ status: "sent", provider_name: expect.stringMatching(/^fallback/), reconcile_at: null });
    expect(sinkCopies(first.message_id_header)).toBe(1); // the very same message, once
    expect(flaky.received()).toBe(1); // never handed to the flaky server again
    expect(await auditOutcomes(id)).toEqual(["unconfirmed", "sent"]);
    const sent = await s.sql.query(`SELECT count(*)::int AS n FROM email_events WHERE message_id = $1 AND type = 'email.sent'`, [id]);
    expect(sent.rows[0].n).toBe(1);
  });

  it("kept it, and its event says so: confirmed at that provider, never sent through the next", async () => {
    const accepted: string[] = [];
    const mailgun = await droppingApi(({ path, body }) => {
      if (!path.endsWith("/messages")) return { status: 404, body: { message: "not here" } }; // the health check's look-up
      accepted.push(/name="h:Message-Id"\r\n\r\n(\S+)/.exec(body)?.[1] ?? "");
      return "drop";
    });
    closers.push(mailgun.close);
    const signingKey = "mailgun-signing-key";
    const provider = await providers({
      name: "mailgun",
      type: "mailgun",
      config: { apiKey: "key-x", domain: "mg.acme.test", baseUrl: mailgun.url, webhookSigningKey: signingKey },
    });

    const res = await send("Kept by the provider");
    expect(res.body.data).toMatchObject({ status: "unconfirmed", provider: "mailgun" });
    const id = res.body.data.id as string;
    const { message_id_header: header } = await messageRow(id);
    expect(accepted).toEqual([header]);

    // Mailgun reports the delivery, naming our Message-ID (bare, as Mailgun does).
    const event = {
      id: "mg-event-1",
      event: "delivered",
      timestamp: Date.now() / 1000,
      recipient: "reader@example.test",
      message: { headers: { "message-id": header.slice(1, -1) } },
    };
    const hook = await call(`/api/webhooks/providers/${provider.id}`, {
      base: s.server.url,
      raw: mailgunBody(signingKey, event),
      headers: { "content-type": "application/json" },
    });
    expect(hook.status).toBe(200);
    expect(await messageRow(id)).toMatchObject({ status: "sent", provider_name: "mailgun", reconcile_at: null });

    await sleep(RECONCILE_SECONDS * 1000 + 1_500); // past the window: the reconciliation finds nothing to do
    expect(await messageRow(id)).toMatchObject({ status: "sent", provider_name: "mailgun" });
    expect(sinkCopies(header)).toBe(0);
    expect(accepted).toHaveLength(1);
    expect(await auditOutcomes(id)).toEqual(["unconfirmed", "sent"]);
    const events = await s.sql.query(`SELECT type FROM email_events WHERE message_id = $1 ORDER BY type`, [id]);
    expect(events.rows.map((r) => r.type)).toEqual(["email.delivered", "email.sent"]);
  });

  it("de-duplicates sends (Resend): asked again at once with the same Idempotency-Key, one copy, sent", async () => {
    const keys: string[] = [];
    const accepted = new Set<string>();
    const resend = await droppingApi(({ headers }) => {
      const key = String(headers["idempotency-key"]);
      keys.push(key);
      if (accepted.has(key)) return { status: 200, body: { id: `re_${accepted.size}` } }; // a repeat: the first send's result, nothing sent again
      accepted.add(key);
      return "drop"; // accepted, but the answer is lost
    });
    closers.push(resend.close);
    await providers({ name: "resend", type: "resend", config: { apiKey: "re_test", baseUrl: resend.url } });

    const res = await send("Idempotent repeat");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent", provider: "resend", messageId: "re_1" });
    const row = await messageRow(res.body.data.id);
    expect(keys).toEqual([row.message_id_header, row.message_id_header]);
    expect(accepted.size).toBe(1);
    expect(sinkCopies(row.message_id_header)).toBe(0);
  });
});
