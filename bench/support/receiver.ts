// A local webhook receiver that verifies every delivery with the standardwebhooks package (as
// a customer would), records the latency from the event's occurred_at to verified receipt, and
// counts distinct events per endpoint (X-Webhook-Event-Id) so that losses and repeats show.
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";

export interface DeliveryWindow {
  /** Verified deliveries (a retried event counts once per attempt). */
  verified: number;
  failures: number;
  /** Latency from the event's occurred_at to verified receipt, ms. */
  latencies: number[];
}

export interface Receiver {
  /** The URL of endpoint `name` on this receiver. */
  url(name: string): string;
  /** Verifies deliveries to endpoint `name` with its secret (`whsec_...`). */
  register(name: string, secret: string): void;
  /** Closes the current window and opens the next one. */
  cut(): DeliveryWindow;
  /** Distinct events received per endpoint, summed; repeats (same event id to one endpoint) counted apart. */
  distinct(): { events: number; repeats: number; failures: number };
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const verifiers = new Map<string, Webhook>();
  const seen = new Set<string>();
  let repeats = 0;
  let failuresTotal = 0;
  let current: DeliveryWindow = { verified: 0, failures: 0, latencies: [] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const name = (req.url ?? "").slice(1);
      try {
        const verifier = verifiers.get(name);
        if (!verifier) throw new Error(`no endpoint ${name}`);
        verifier.verify(body, {
          "webhook-id": String(req.headers["x-webhook-id"]),
          "webhook-timestamp": String(req.headers["x-webhook-timestamp"]),
          "webhook-signature": String(req.headers["x-webhook-signature"]),
        });
        current.verified++;
        current.latencies.push(Date.now() - Date.parse((JSON.parse(body) as { occurred_at: string }).occurred_at));
        const key = `${name} ${String(req.headers["x-webhook-event-id"])}`;
        if (seen.has(key)) repeats++;
        else seen.add(key);
        res.writeHead(204).end();
      } catch {
        current.failures++;
        failuresTotal++;
        res.writeHead(400).end();
      }
    });
  });
  // Deliveries arrive in bursts of hundreds at once: keep-alive sockets, no accept backlog limit to speak of.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, r));
  const port = (server.address() as { port: number }).port;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    register: (name, secret) => void verifiers.set(name, new Webhook(secret.slice("whsec_".length), { format: "raw" })),
    cut() {
      const closed = current;
      current = { verified: 0, failures: 0, latencies: [] };
      return closed;
    },
    distinct: () => ({ events: seen.size, repeats, failures: failuresTotal }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
