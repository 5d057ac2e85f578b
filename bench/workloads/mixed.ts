// Mixed load: sends, reads and webhook deliveries at once on one production server, as a
// dashboard-and-API deployment sees them. Closed loops of autocannon clients post sends and
// read (a recent message's timeline and the template list with the API key; the messages log
// and the overview summary with a session, as the dashboard does), while every send's
// email.sent event goes to a few endpoints on a local receiver that verifies each delivery.
// The soak (bench/soak.ts) runs the same rig for minutes, cutting a window a minute.
import autocannon from "autocannon";
import { benchServer } from "../bench-server";
import { bareRoute, type Ceiling } from "../support/bare-route";
import { mergeWindows, percentile, startLoad, statusText, type Load, type Window } from "../support/load";
import { startReceiver, type DeliveryWindow, type Receiver } from "../support/receiver";
import type { Row } from "../support/report";
import { probeDatabase, sampleRss, type DatabaseProbe } from "../support/server-stats";
import { owner, sendRequest } from "./send";

export interface MixedShape {
  /** Clients posting sends. */
  sendConnections: number;
  /** Clients per read kind; 0 leaves the reads out. */
  readConnections: number;
  /** The read kinds to run (all of READS by default); the others stay idle. */
  reads?: readonly ReadKind[];
  /** Endpoints on the receiver, each subscribed to email.sent. */
  endpoints: number;
}

export const READS = ["timeline", "templates", "messages log", "overview summary"] as const;
export type ReadKind = (typeof READS)[number];

export interface MixedWindow {
  sends: Window;
  reads: Record<ReadKind, Window>;
  deliveries: DeliveryWindow;
}

export interface MixedRig {
  server: Awaited<ReturnType<typeof benchServer>>;
  receiver: Receiver;
  database: DatabaseProbe;
  shape: MixedShape;
  /** Sends answered 200 so far (seeds included): each owes `endpoints` deliveries. */
  sent(): number;
  /** Starts the loads; `cut()` closes a window of all of them. */
  start(): { cut(): MixedWindow; responses(): number; stop(): Promise<void> };
  /** Waits (at most `timeoutMs`) until every send's deliveries have arrived; answers how many are missing. */
  drain(timeoutMs: number): Promise<number>;
  close(): Promise<void>;
}

const RECENT = 1_000;

/** A load that sends nothing: its windows are empty. */
function idle(name: string): Load {
  const empty = (): Window => ({ responses: 0, ok: 0, errors: 0, statuses: {}, latencies: [], seconds: 0 });
  return { name, cut: empty, responses: () => 0, stop: async () => undefined, done: Promise.resolve() };
}

export async function setUpMixed(shape: MixedShape): Promise<MixedRig> {
  const receiver = await startReceiver();
  const server = await benchServer(owner, ["email:send", "analytics:read", "templates:read", "templates:write", "webhooks:write"], {
    ALLOW_PRIVATE_WEBHOOK_URLS: "1", // the receiver is on 127.0.0.1
  });
  const database = await probeDatabase(server.databaseUrl);
  const close = async () => {
    await database.close();
    await server.close();
    await receiver.close();
  };
  try {
    const headers = { authorization: `Bearer ${server.key}`, "content-type": "application/json" };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: Record<string, string> }).data;
    };
    for (let i = 0; i < shape.endpoints; i++) {
      const name = `hook-${i}`;
      receiver.register(name, (await post("/api/v1/webhook-endpoints", { url: receiver.url(name), events: ["email.sent"] })).secret);
    }
    for (let i = 0; i < 10; i++)
      await post("/api/v1/templates", { name: `Template ${i}`, subject: "Hello {{name}}", html: "<p>Hello {{name}}</p>" });

    // The last RECENT messages sent: the timeline reads pick one at random.
    const recent: string[] = [];
    let sent = 0;
    const onSent = (id: string) => {
      recent[sent++ % RECENT] = id;
    };
    for (let i = 0; i < 20; i++)
      onSent(
        (await post("/api/v1/email/send", { to: `seed-${i}@example.test`, from: "news@example.test", subject: "Seed", text: "Hello" })).id,
      );

    const key = { authorization: `Bearer ${server.key}` };
    const session = { cookie: server.cookie };
    const reads: Record<ReadKind, autocannon.Options> = {
      timeline: {
        url: server.url,
        headers: key,
        requests: [
          {
            method: "GET",
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              path: `/api/v1/analytics/messages/${recent[Math.floor(Math.random() * recent.length)]}`,
            }),
          },
        ],
      },
      templates: { url: `${server.url}/api/v1/templates?page=1&perPage=25`, headers: key },
      "messages log": { url: `${server.url}/api/messages?page=1&pageSize=25`, headers: session },
      "overview summary": { url: `${server.url}/api/analytics/summary`, headers: session },
    };
    let batch = 0;
    return {
      server,
      receiver,
      database,
      shape,
      sent: () => sent,
      start() {
        const prefix = `mixed-${batch++}`;
        const sends = startLoad("sends", { ...sendRequest(server.url, server.key, prefix, onSent), connections: shape.sendConnections });
        const readLoads = READS.map(
          (kind) =>
            [
              kind,
              shape.readConnections > 0 && (shape.reads ?? READS).includes(kind)
                ? startLoad(kind, { ...reads[kind], connections: shape.readConnections })
                : idle(kind),
            ] as const,
        );
        const all: Load[] = [sends, ...readLoads.map(([, l]) => l)];
        return {
          cut: () => ({
            sends: sends.cut(),
            reads: Object.fromEntries(readLoads.map(([kind, l]) => [kind, l.cut()])) as Record<ReadKind, Window>,
            deliveries: receiver.cut(),
          }),
          responses: () => all.reduce((n, l) => n + l.responses(), 0),
          stop: async () => void (await Promise.all(all.map((l) => l.stop()))),
        };
      },
      async drain(timeoutMs) {
        const deadline = Date.now() + timeoutMs;
        const missing = () => sent * shape.endpoints - receiver.distinct().events;
        while (missing() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        return Math.max(0, missing());
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

export interface MixedOptions extends MixedShape {
  seconds: number;
  warmUpSeconds: number;
  ceilingSeconds: number;
}

/** The rows of a mixed window: all requests, sends, reads, deliveries; each beside the same ceiling. */
export function mixedRows(
  w: MixedWindow,
  extra: { bare: Ceiling; rssPeakMiB: number; dbPer10kSendsMiB: number; missing: number; label: string },
): Row[] {
  const reads = mergeWindows(READS.map((k) => w.reads[k]));
  const all = mergeWindows([w.sends, reads]);
  const common = { bare: extra.bare, rssPeakMiB: extra.rssPeakMiB, dbPer10kSendsMiB: extra.dbPer10kSendsMiB };
  const perKind = READS.filter((k) => w.reads[k].responses > 0)
    .map((k) => `${k} ${(w.reads[k].ok / w.reads[k].seconds).toFixed(0)}/s p99 ${percentile(w.reads[k].latencies, 99).toFixed(0)} ms`)
    .join(", ");
  return [
    {
      workload: `${extra.label}: all requests`,
      perSec: all.ok / all.seconds,
      unit: "req",
      p50: percentile(all.latencies, 50),
      p99: percentile(all.latencies, 99),
      errors: all.errors,
      ...common,
      note: statusText(all),
    },
    {
      workload: `${extra.label}: sends`,
      perSec: w.sends.ok / w.sends.seconds,
      unit: "sends",
      p50: percentile(w.sends.latencies, 50),
      p99: percentile(w.sends.latencies, 99),
      errors: w.sends.errors,
      ...common,
    },
    {
      workload: `${extra.label}: reads`,
      perSec: reads.ok / reads.seconds,
      unit: "reads",
      p50: percentile(reads.latencies, 50),
      p99: percentile(reads.latencies, 99),
      errors: reads.errors,
      ...common,
      note: perKind,
    },
    {
      workload: `${extra.label}: webhook deliveries`,
      perSec: w.deliveries.verified / w.sends.seconds,
      unit: "deliveries",
      p50: percentile(w.deliveries.latencies, 50),
      p99: percentile(w.deliveries.latencies, 99),
      errors: w.deliveries.failures + extra.missing,
      ...common,
      note: `latency from the event to verified receipt; ${w.deliveries.failures} failed verification, ${extra.missing} missing after the drain`,
    },
  ];
}

export async function benchMixed(opts: MixedOptions): Promise<{ rows: Row[]; window: MixedWindow }> {
  const rig = await setUpMixed(opts);
  try {
    const connections = opts.sendConnections + (opts.reads ?? READS).length * opts.readConnections;
    await bareRoute(rig.server.url, connections, opts.warmUpSeconds); // warm-up
    const warm = rig.start();
    await new Promise((r) => setTimeout(r, opts.warmUpSeconds * 1000));
    await warm.stop();
    await rig.drain(30_000);
    await rig.database.settle(30_000);

    const bare = await bareRoute(rig.server.url, connections, opts.ceilingSeconds);
    rig.receiver.cut();
    const before = await rig.database.sizeMiB();
    const rss = sampleRss(rig.server.pid);
    const run = rig.start();
    await new Promise((r) => setTimeout(r, opts.seconds * 1000));
    const window = run.cut();
    await run.stop();
    rss.stop();
    const missing = await rig.drain(60_000);
    await rig.database.settle(30_000);
    const growth = (await rig.database.sizeMiB()) - before;
    const rows = mixedRows(window, {
      bare,
      rssPeakMiB: rss.peak(),
      dbPer10kSendsMiB: (growth / window.sends.ok) * 10_000,
      missing,
      label: `mixed (${connections} conns, ${opts.endpoints} endpoints)`,
    });
    return { rows, window };
  } finally {
    await rig.close();
  }
}
