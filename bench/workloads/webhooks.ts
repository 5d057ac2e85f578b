// Webhook delivery: one email.sent event fanned out to N endpoints on a local receiver that
// verifies every delivery, repeated at a steady rate; the embedded runner delivers. Latency is
// from the event's occurred_at to verified receipt. The bare-route ceiling is taken at the
// concurrency the sends are offered with (one connection per event in flight, about 8).
import { benchServer } from "../bench-server";
import { bareRoute, type Ceiling } from "../support/bare-route";
import { percentile } from "../support/load";
import { startReceiver } from "../support/receiver";
import type { Row } from "../support/report";
import { probeDatabase, sampleRss } from "../support/server-stats";
import { owner } from "./send";

export interface WebhookOptions {
  eventsPerSecond: number;
  seconds: number;
  endpoints: number;
  /** Seconds for the bare-route ceiling. */
  ceilingSeconds: number;
}

export interface WebhookResult {
  rows: Row[];
  bare: Ceiling;
  events: number;
  delivered: number;
  failures: number;
  sendErrors: number;
  perSec: number;
  p50: number;
  p99: number;
}

const CEILING_CONNECTIONS = 8;

export async function benchWebhooks(opts: WebhookOptions): Promise<WebhookResult> {
  const receiver = await startReceiver();
  const server = await benchServer(owner, ["email:send", "webhooks:write"], { ALLOW_PRIVATE_WEBHOOK_URLS: "1" }); // the receiver is on 127.0.0.1
  const database = await probeDatabase(server.databaseUrl);
  try {
    const headers = { authorization: `Bearer ${server.key}`, "content-type": "application/json" };
    for (let i = 0; i < opts.endpoints; i++) {
      const name = `hook-${i}`;
      const res = await fetch(`${server.url}/api/v1/webhook-endpoints`, {
        method: "POST",
        headers,
        body: JSON.stringify({ url: receiver.url(name), events: ["email.sent"] }),
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`creating endpoint ${name}: HTTP ${res.status} ${await res.text()}`);
      receiver.register(name, ((await res.json()) as { data: { secret: string } }).data.secret);
    }
    let n = 0;
    const send = () =>
      fetch(`${server.url}/api/v1/email/send`, {
        method: "POST",
        headers,
        body: JSON.stringify({ to: `reader-${n++}@example.test`, subject: "Bench", text: "Hello" }),
      });

    // Warm-up: five events fully delivered; then the ceiling; then the measured run at a steady rate.
    for (let i = 0; i < 5; i++) await send();
    while (receiver.distinct().events < 5 * opts.endpoints) await new Promise((r) => setTimeout(r, 50));
    await database.settle(30_000);
    const bare = await bareRoute(server.url, CEILING_CONNECTIONS, opts.ceilingSeconds);
    receiver.cut();
    const before = await database.sizeMiB();
    const rss = sampleRss(server.pid);
    const total = opts.eventsPerSecond * opts.seconds;
    const started = Date.now();
    const sends: Promise<Response>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / opts.eventsPerSecond;
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      sends.push(send());
    }
    const statuses = (await Promise.all(sends)).map((r) => r.status);
    const expected = (5 + total) * opts.endpoints;
    const deadline = Date.now() + 60_000;
    while (receiver.distinct().events + receiver.distinct().failures < expected && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const elapsed = (Date.now() - started) / 1000;
    rss.stop();
    const w = receiver.cut();
    await database.settle(30_000);
    const growth = (await database.sizeMiB()) - before;
    const sendErrors = statuses.filter((s) => s !== 200).length;
    const missing = expected - receiver.distinct().events;
    const perSec = w.verified / elapsed;
    const p50 = percentile(w.latencies, 50);
    const p99 = percentile(w.latencies, 99);
    const row: Row = {
      workload: `webhooks (${opts.endpoints} endpoints)`,
      perSec,
      unit: "deliveries",
      p50,
      p99,
      rssPeakMiB: rss.peak(),
      dbPer10kSendsMiB: (growth / (total - sendErrors)) * 10_000,
      bare,
      errors: sendErrors + w.failures + Math.max(0, missing),
      note:
        `${total.toLocaleString("en")} events at ${opts.eventsPerSecond}/s, each to ${opts.endpoints} endpoints (${(opts.eventsPerSecond * opts.endpoints).toLocaleString("en")} deliveries/s offered); ` +
        `latency from the event to verified receipt; ${w.verified.toLocaleString("en")} verified, ${w.failures} failed verification, ${Math.max(0, missing)} missing, ${receiver.distinct().repeats} repeated`,
    };
    return { rows: [row], bare, events: total, delivered: w.verified, failures: w.failures, sendErrors, perSec, p50, p99 };
  } finally {
    await database.close();
    await server.close();
    await receiver.close();
  }
}
