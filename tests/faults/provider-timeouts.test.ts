// Providers that time out mid-send: they take the whole message and never answer, so the
// send ends on the adapter's own timeout (15 s for HTTP APIs, 10 s for SMTP) not knowing
// whether the provider has it (docs/sending.md). Three organizations' worth of cases at once,
// each with an SMTP sink as the next provider:
// - Mailgun kept it, and reports its delivery by the message's Message-ID: confirmed there,
//   never sent through the next provider — one copy;
// - Resend kept it: asked again with the same Idempotency-Key, it answers with the first
//   send's id and sends nothing more — one copy;
// - an SMTP server that never queued it: after the reconciliation window with no evidence,
//   the same message goes through the next provider — one copy.
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { newSink, SINK_PASSWORD, SINK_USER } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { messageIdOf, startFlakySmtp, type FlakySmtp } from "../helpers/flaky-smtp";
import { mailgunBody } from "../helpers/provider-signing";
import { ownServer, type OwnServer } from "../helpers/own-server";

const RECONCILE_SECONDS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An HTTP API that reads each send and, as `answer` says, answers or never does. */
async function hangingApi(
  answer: (headers: Record<string, string | string[] | undefined>, body: string) => { status: number; body: unknown } | "hang",
  sendPath: RegExp,
) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    // HEAD (a reachability check) and the health check's look-ups are answered; sends go to `answer`.
    if (req.method !== "POST" || !sendPath.test(req.url ?? ""))
      return void res.writeHead(404, { "content-type": "application/json" }).end("{}");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const a = answer(req.headers, Buffer.concat(chunks).toString("utf8"));
      if (a !== "hang") res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(a.body));
    });
  });
  server.on("connection", (c) => (sockets.add(c), c.on("close", () => sockets.delete(c))));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((r) => (sockets.forEach((c) => c.destroy()), server.close(() => r()))),
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
let sink: SmtpSink;

async function org(): Promise<OwnServer> {
  const s = await ownServer({ env: { SEND_RECONCILE_SECONDS: String(RECONCILE_SECONDS) }, scopes: ["email:send"], unthrottled: true });
  cleanups.push(() => s.close());
  return s;
}

async function providers(s: OwnServer, first: Record<string, unknown>) {
  const made = await call("/api/providers", { base: s.server.url, cookie: s.cookie, body: { priority: 1, ...first } });
  expect(made.status).toBe(201);
  const fallback = await call("/api/providers", {
    base: s.server.url,
    cookie: s.cookie,
    body: {
      name: "fallback",
      type: "smtp",
      priority: 2,
      config: { host: "127.0.0.1", port: sink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD },
    },
  });
  expect(fallback.status).toBe(201);
  return made.body as { id: string; name: string };
}

const send = (s: OwnServer, subject: string) =>
  call("/api/v1/email/send", {
    base: s.server.url,
    key: s.key,
    body: { from: "ann@sender.test", to: "reader@example.test", subject, text: "exactly once" },
  });
const row = async (s: OwnServer, id: string) =>
  (await s.sql.query(`SELECT status, provider_name, message_id_header, error FROM messages WHERE id = $1`, [id])).rows[0];
const copiesInSink = (header: string) => sink.messages.filter((m) => messageIdOf(m.raw) === header).length;

beforeAll(async () => {
  sink = await newSink();
});
afterAll(async () => {
  for (const c of cleanups) await c().catch(() => undefined);
  await sink?.close();
});

describe("a provider that times out after taking the message", () => {
  it("delivers exactly one copy: confirmed by evidence, repeated idempotently, or failed over after the window", async () => {
    const [mg, re, sm] = await Promise.all([org(), org(), org()]);

    // Mailgun: keeps the message, never answers.
    const mailgunKept: string[] = [];
    const mailgun = await hangingApi(
      (_h, body) => (mailgunKept.push(/name="h:Message-Id"\r\n\r\n(\S+)/.exec(body)?.[1] ?? ""), "hang"),
      /\/messages$/,
    );
    cleanups.push(mailgun.close);
    const signingKey = "faults-mailgun-key";
    const mgProvider = await providers(mg, {
      name: "mailgun",
      type: "mailgun",
      config: { apiKey: "key-x", domain: "mg.acme.test", baseUrl: mailgun.url, webhookSigningKey: signingKey },
    });

    // Resend: keeps the first send and never answers it; a repeat of the key gets the first send's id.
    const resendKeys: string[] = [];
    const resend = await hangingApi((h) => {
      const key = String(h["idempotency-key"]);
      resendKeys.push(key);
      return resendKeys.filter((k) => k === key).length === 1 ? "hang" : { status: 200, body: { id: "re_first" } };
    }, /^\/emails$/);
    cleanups.push(resend.close);
    await providers(re, { name: "resend", type: "resend", config: { apiKey: "re_test", baseUrl: resend.url } });

    // SMTP: takes the message, never replies, keeps nothing.
    const smtp: FlakySmtp = await startFlakySmtp({ afterData: () => ({ reply: "never" }), keep: () => false });
    cleanups.push(() => smtp.close());
    await providers(sm, { name: "silent smtp", type: "smtp", config: { host: "127.0.0.1", port: smtp.port, secure: false } });

    const started = Date.now();
    const [mgRes, reRes, smRes] = await Promise.all([send(mg, "Mailgun timeout"), send(re, "Resend timeout"), send(sm, "SMTP timeout")]);

    // Mailgun: unconfirmed after its 15 s timeout; its delivery event confirms it.
    expect(mgRes.status).toBe(200);
    expect(mgRes.body.data).toMatchObject({ status: "unconfirmed", provider: "mailgun" });
    const mgRow = await row(mg, mgRes.body.data.id);
    expect(mgRow.error).toMatch(/Mailgun gave no answer after the request was sent/);
    expect(mailgunKept).toEqual([mgRow.message_id_header]);
    const event = {
      id: "faults-1",
      event: "delivered",
      timestamp: Date.now() / 1000,
      recipient: "reader@example.test",
      message: { headers: { "message-id": mgRow.message_id_header.slice(1, -1) } },
    };
    const hook = await call(`/api/webhooks/providers/${mgProvider.id}`, {
      base: mg.server.url,
      raw: mailgunBody(signingKey, event),
      headers: { "content-type": "application/json" },
    });
    expect(hook.status).toBe(200);

    // Resend: the repeat with the same key settled it within the request.
    expect(reRes.status).toBe(200);
    expect(reRes.body.data).toMatchObject({ status: "sent", provider: "resend", messageId: "re_first" });
    const reRow = await row(re, reRes.body.data.id);
    expect(resendKeys).toEqual([reRow.message_id_header, reRow.message_id_header]);

    // SMTP: unconfirmed after its 10 s timeout, not failed over at once (its window may have passed
    // already while the other two waited out their 15 s: the audit log tells the story).
    expect(smRes.status).toBe(200);
    expect(smRes.body.data).toMatchObject({ status: "unconfirmed", provider: "silent smtp" });
    const smRow = await row(sm, smRes.body.data.id);
    const [unconfirmed] = (
      await sm.sql.query(`SELECT created_at, metadata FROM audit_logs WHERE metadata ->> 'messageId' = $1 AND outcome = 'unconfirmed'`, [
        smRes.body.data.id,
      ])
    ).rows;
    expect(unconfirmed.metadata.reason).toMatch(/no reply after the message was sent/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000); // it waited for the timeouts

    // Past the reconciliation window.
    await sleep(RECONCILE_SECONDS * 1000 + 3_000);
    expect(await row(mg, mgRes.body.data.id)).toMatchObject({ status: "sent", provider_name: "mailgun" });
    expect(copiesInSink(mgRow.message_id_header)).toBe(0);
    expect(mailgunKept).toHaveLength(1);
    expect(await row(re, reRes.body.data.id)).toMatchObject({ status: "sent", provider_name: "resend" });
    expect(copiesInSink(reRow.message_id_header)).toBe(0);
    expect(await row(sm, smRes.body.data.id)).toMatchObject({ status: "sent", provider_name: "fallback" });
    expect(copiesInSink(smRow.message_id_header)).toBe(1);
    const [failover] = (
      await sm.sql.query(`SELECT created_at FROM audit_logs WHERE metadata ->> 'messageId' = $1 AND outcome = 'sent'`, [smRes.body.data.id])
    ).rows;
    expect(new Date(failover.created_at).getTime() - new Date(unconfirmed.created_at).getTime()).toBeGreaterThanOrEqual(
      RECONCILE_SECONDS * 1000 - 100,
    );
    expect(smtp.received()).toBe(1);
  });
});
