// Webhook delivery: one email.sent event fanned out to N endpoints on a local receiver that
// verifies every delivery, repeated at a steady rate; the embedded runner delivers. Latency is
// from the event's occurred_at to verified receipt. With `saturate` the rate is raised step by
// step until verified deliveries/s stop rising. The bare-route ceiling is taken at the
// concurrency the sends are offered with (one connection per event in flight, about 8).
import { benchServer } from "../bench-server";
import { bareRoute, type Ceiling } from "../support/bare-route";
import { percentile } from "../support/load";
import { startReceiver } from "../support/receiver";
import type { Row } from "../support/report";
import { probeDatabase, sampleRss } from "../support/server-stats";
import { owner } from "./send";

export interface WebhookOptions {
  /** The offered rate: events per second, each fanned out to every endpoint. With `saturate`, the first step's. */
  eventsPerSecond: number;
  /** Seconds each rate is offered for. */
  seconds: number;
  endpoints: number;
  /** Seconds for the bare-route ceiling. */
  ceilingSeconds: number;
  /**
   * Push to saturation: after each step, offer RATE_STEP events/s more, until verified deliveries/s stop
   * rising (under 5% more than the best step so far) or MAX_STEPS. Two rows then: the best step's
   * (at saturation), and the fastest step's that delivered as fast as it was offered. Without
   * it, one step at `eventsPerSecond`.
   */
  saturate?: boolean;
}

/** One offered rate and what came of it. */
export interface WebhookStep {
  eventsPerSecond: number;
  events: number;
  failures: number;
  missing: number;
  repeats: number;
  sendErrors: number;
  /** Verified deliveries per second, from the first event to the last receipt (a backlog counts against it). */
  perSec: number;
  p50: number;
  p99: number;
  rssPeakMiB: number;
}

export interface WebhookResult {
  rows: Row[];
  bare: Ceiling;
  steps: WebhookStep[];
}

const CEILING_CONNECTIONS = 8;
const MAX_STEPS = 10;
/** A step must verify this much more per second than the best before it for the rate to count as still rising. */
const STILL_RISING = 1.05;

/** A step kept up when it verified at least this share of the deliveries offered per second. */
const KEPT_UP = 0.95;

/** Events per second added at each step. */
const RATE_STEP = 10;

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

    // Warm-up: five events fully delivered; then the ceiling; then the measured steps.
    let sent = 5;
    for (let i = 0; i < 5; i++) await send();
    while (receiver.distinct().events < 5 * opts.endpoints) await new Promise((r) => setTimeout(r, 50));
    await database.settle(30_000);
    const bare = await bareRoute(server.url, CEILING_CONNECTIONS, opts.ceilingSeconds);
    const before = await database.sizeMiB();

    /** Offers `rate` events/s for opts.seconds, then waits (up to 60 s) for every delivery. */
    const step = async (rate: number): Promise<WebhookStep> => {
      receiver.cut();
      const rss = sampleRss(server.pid);
      const total = Math.round(rate * opts.seconds);
      const started = Date.now();
      const sends: Promise<Response>[] = [];
      for (let i = 0; i < total; i++) {
        const due = started + (i * 1000) / rate;
        await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
        sends.push(send());
      }
      const statuses = (await Promise.all(sends)).map((r) => r.status);
      sent += total;
      const expected = sent * opts.endpoints;
      const deadline = Date.now() + 60_000;
      while (receiver.distinct().events + receiver.distinct().failures < expected && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const elapsed = (Date.now() - started) / 1000;
      rss.stop();
      const w = receiver.cut();
      return {
        eventsPerSecond: rate,
        events: total,
        failures: w.failures,
        missing: Math.max(0, expected - receiver.distinct().events),
        repeats: receiver.distinct().repeats,
        sendErrors: statuses.filter((s) => s !== 200).length,
        perSec: w.verified / elapsed,
        p50: percentile(w.latencies, 50),
        p99: percentile(w.latencies, 99),
        rssPeakMiB: rss.peak(),
      };
    };

    const steps: WebhookStep[] = [await step(opts.eventsPerSecond)];
    let best = steps[0];
    while (opts.saturate && steps.length < MAX_STEPS && steps.at(-1) === best && !stepFailed(best)) {
      await database.settle(30_000);
      const s = await step(best.eventsPerSecond + RATE_STEP);
      steps.push(s);
      if (s.perSec >= best.perSec * STILL_RISING) best = s;
    }
    await database.settle(30_000);
    const growth = (await database.sizeMiB()) - before;
    const measured = steps.reduce((sum, s) => sum + s.events - s.sendErrors, 0);
    const offered = (s: WebhookStep) => (s.eventsPerSecond * opts.endpoints).toLocaleString("en");
    const rowOf = (s: WebhookStep, workload: string, note: string): Row => ({
      workload,
      perSec: s.perSec,
      unit: "deliveries",
      p50: s.p50,
      p99: s.p99,
      rssPeakMiB: s.rssPeakMiB,
      dbPer10kSendsMiB: (growth / measured) * 10_000,
      bare,
      errors: s.sendErrors + s.failures + s.missing,
      note,
    });
    const stepsNote =
      `one email.sent event to ${opts.endpoints} endpoints, offered for ${opts.seconds} s at each rate; latency from the event to verified receipt; ` +
      steps
        .map(
          (s) =>
            `${offered(s)}/s offered: ${Math.round(s.perSec).toLocaleString("en")}/s verified, p99 ${s.p99} ms` +
            (s.failures + s.missing + s.repeats + s.sendErrors
              ? ` (${s.failures} failed verification, ${s.missing} missing, ${s.repeats} repeated, ${s.sendErrors} sends refused)`
              : ""),
        )
        .join("; ");
    const name = `webhooks (${opts.endpoints} endpoints`;
    if (!opts.saturate) return { rows: [rowOf(best, `${name})`, stepsNote)], bare, steps };
    // At saturation a backlog builds, and the p99 is the backlog's; the fastest rate delivered as
    // fast as it was offered is the one to read latency from.
    const keptUp = steps.filter((s) => s.perSec >= s.eventsPerSecond * opts.endpoints * KEPT_UP).at(-1);
    const rows = [
      rowOf(best, `${name}, at saturation)`, `${stepsNote}; this row is the ${offered(best)}/s step (${whyStopped(steps, best)})`),
    ];
    if (keptUp)
      rows.push(
        rowOf(
          keptUp,
          `${name}, fastest rate kept up with)`,
          `the ${offered(keptUp)}/s step: the fastest delivered at ${KEPT_UP * 100}% or more of the rate offered`,
        ),
      );
    return { rows, bare, steps };
  } finally {
    await database.close();
    await server.close();
    await receiver.close();
  }
}

function whyStopped(steps: WebhookStep[], best: WebhookStep): string {
  if (stepFailed(best)) return "it had errors, so the sweep stopped there";
  if (steps.at(-1) === best) return `the sweep's last step (${MAX_STEPS}): it was still rising`;
  return "the rate stopped rising after it";
}

/** A step that lost or refused anything ends the sweep: a faster rate would only say so again. */
const stepFailed = (s: WebhookStep) => s.failures + s.missing + s.sendErrors > 0;
