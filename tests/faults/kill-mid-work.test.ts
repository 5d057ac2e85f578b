// The app killed with SIGKILL in the middle of scheduled sends and webhook retries, then
// started again on the same database. Twelve emails fall due at once on a slow SMTP server
// (it keeps each message at the end of DATA and answers 1.5 s later), and each email.sent
// webhook fails its first attempt. The kill comes when the first sends are done (their
// webhooks waiting to be retried) and the rest are in flight: handed to the server, no answer yet.
//
// What "nothing lost, nothing sent twice" means here (docs/sending.md, README Webhooks):
// - every scheduled email reaches the recipient exactly once (no Message-ID twice in the sink),
//   and ends `sent`; a send the kill interrupted while the server had it is never sent again:
//   its message is left `unconfirmed` with the reason;
// - webhooks are at-least-once: every email.sent event of a confirmed message is delivered
//   (signature verified) and its delivery row succeeds; a second request for one event is
//   allowed only with the same X-Webhook-Event-Id and body, so receivers can de-duplicate. Here
//   no 2xx was answered before the kill, so each event is answered 2xx exactly once.
// The killed process's claims are aged past their staleness limit rather than waited out (the
// job sweep gives a dead runner's jobs back after two minutes, a delivery lease ends after one).
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { startServer, type RunningServer } from "../helpers/server";
import { messageIdOf, startFlakySmtp, type FlakySmtp } from "../helpers/flaky-smtp";
import { verifyByHand, type Received } from "../helpers/webhook-receiver";
import { ownServer, type OwnServer } from "../helpers/own-server";

const EMAILS = 12;
const REPLY_DELAY_MS = 1_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Hit extends Received {
  answered: number;
}

let smtp: FlakySmtp;
let s: OwnServer;
let restarted: RunningServer | undefined;
let receiver: Server;
const hits: Hit[] = [];

async function until(what: string, probe: () => Promise<boolean> | boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  smtp = await startFlakySmtp({ afterData: () => ({ reply: "ok", delayMs: REPLY_DELAY_MS }), keep: () => true });
  // Each event's first attempt fails (500); later attempts succeed.
  const seen = new Map<string, number>();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const eventId = String(req.headers["x-webhook-event-id"]);
      const n = (seen.get(eventId) ?? 0) + 1;
      seen.set(eventId, n);
      const answered = n === 1 ? 500 : 200;
      hits.push({ path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now(), answered });
      res.writeHead(answered).end(answered === 200 ? "ok" : "not yet");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  s = await ownServer({ env: { WEBHOOK_RETRY_BASE_SECONDS: "1" }, scopes: ["email:send", "webhooks:write"], unthrottled: true });
});

afterAll(async () => {
  await restarted?.stop();
  await s?.close("SIGKILL");
  await smtp?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

describe("SIGKILL during scheduled sends and webhook retries", () => {
  it("loses nothing and sends nothing twice", async () => {
    const provider = await call("/api/providers", {
      base: s.server.url,
      cookie: s.cookie,
      body: { name: "slow smtp", type: "smtp", config: { host: "127.0.0.1", port: smtp.port, secure: false } },
    });
    expect(provider.status).toBe(201);
    const port = (receiver.address() as { port: number }).port;
    const endpoint = await call("/api/v1/webhook-endpoints", {
      base: s.server.url,
      key: s.key,
      body: { url: `http://127.0.0.1:${port}/hook`, events: ["email.sent"] },
    });
    expect(endpoint.status).toBe(201);
    const secret = endpoint.body.data.secret as string;

    const at = new Date(Date.now() + 3_000).toISOString();
    for (let i = 1; i <= EMAILS; i++) {
      const res = await call("/api/v1/email/send", {
        base: s.server.url,
        key: s.key,
        body: { from: "ann@sender.test", to: `r${i}@example.test`, subject: `Due ${i}`, text: "once", scheduledAt: at },
      });
      expect(res.status).toBe(200);
    }

    // The first sends are done and their webhooks failed once; the last ones are with the server, unanswered.
    await until("sends in flight and a webhook attempt", () => smtp.received() === EMAILS && hits.length > 0, 30_000);
    await s.server.stop("SIGKILL");
    // In flight: handed to the server (the message knows its provider), no outcome recorded.
    const inFlight = (
      await s.sql.query(`SELECT count(*)::int AS n FROM scheduled_emails s JOIN messages m ON m.id = s.message_id
        WHERE s.status = 'sending' AND m.status = 'queued' AND m.provider_id IS NOT NULL`)
    ).rows[0].n as number;
    expect(inFlight).toBeGreaterThan(0); // killed mid-work
    expect((await s.sql.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'succeeded'`)).rows[0].n).toBeGreaterThan(
      0,
    );

    // Time passes for the dead process's claims; then the server starts again.
    await s.sql.query(`UPDATE jobs SET locked_at = now() - interval '10 minutes' WHERE status = 'running'`);
    await s.sql.query(`UPDATE webhook_deliveries SET lease_until = now() - interval '1 second' WHERE status = 'delivering'`);
    restarted = await startServer(s.serverEnv);

    const count = async (sql: string) => (await s.sql.query(sql)).rows[0].n as number;
    await until(
      "every scheduled email and webhook delivery to settle",
      async () =>
        (await count(`SELECT count(*)::int AS n FROM scheduled_emails WHERE status IN ('scheduled', 'sending')`)) === 0 &&
        (await count(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status IN ('pending', 'delivering')`)) === 0,
      150_000,
    );

    // Scheduled emails: all sent; the recipient of each got exactly one copy.
    const scheduled = (
      await s.sql.query(
        `SELECT s.status, s.error, s.result, m.status AS message_status, m.message_id_header, m."to" FROM scheduled_emails s JOIN messages m ON m.id = s.message_id`,
      )
    ).rows;
    expect(scheduled).toHaveLength(EMAILS);
    const copies = new Map<string, number>();
    for (const raw of smtp.kept) copies.set(messageIdOf(raw), (copies.get(messageIdOf(raw)) ?? 0) + 1);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    expect(smtp.kept).toHaveLength(EMAILS);
    let interrupted = 0;
    for (const row of scheduled) {
      expect(row.status).toBe("sent");
      expect(copies.get(row.message_id_header)).toBe(1);
      if (row.message_status === "unconfirmed") {
        interrupted++;
        expect(row.error).toMatch(/interrupted while the provider had it; not sent again/);
        expect(row.result.status).toBe("unconfirmed");
      } else {
        expect(row.message_status).toBe("sent");
      }
    }
    expect(interrupted).toBe(inFlight); // exactly the sends the kill caught, and nothing else
    // One message handed over per scheduled email: a retry recorded no second send.
    expect(await count(`SELECT count(*)::int AS n FROM messages WHERE status IN ('sent', 'unconfirmed')`)).toBe(EMAILS);
    expect(await count(`SELECT count(*)::int AS n FROM jobs WHERE name = 'email.send-scheduled' AND status <> 'done'`)).toBe(0);

    // Webhooks: each confirmed message's email.sent event delivered, signed, answered 2xx once.
    const deliveries = (await s.sql.query(`SELECT d.event_id::text, d.status, d.last_status_code FROM webhook_deliveries d`)).rows;
    expect(deliveries).toHaveLength(EMAILS - interrupted);
    for (const d of deliveries) expect(d).toMatchObject({ status: "succeeded", last_status_code: 200 });
    const byEvent = new Map<string, Hit[]>();
    for (const h of hits)
      byEvent.set(String(h.headers["x-webhook-event-id"]), [...(byEvent.get(String(h.headers["x-webhook-event-id"])) ?? []), h]);
    expect([...byEvent.keys()].sort()).toEqual(deliveries.map((d) => d.event_id).sort());
    for (const [, attempts] of byEvent) {
      expect(attempts.filter((h) => h.answered === 200)).toHaveLength(1);
      expect(new Set(attempts.map((h) => h.body)).size).toBe(1); // the same event, byte for byte
      for (const h of attempts) expect(verifyByHand(h, secret, Math.floor(h.at / 1000))).toBe(true);
    }
    expect(new Set(hits.map((h) => h.headers["x-webhook-id"])).size).toBe(hits.length); // a new X-Webhook-Id per attempt
  });
});
