// A customer's webhook endpoint: a real HTTP server that records every request and verifies
// signatures as a customer would, with the standardwebhooks package and with plain
// node:crypto as SPEC describes. Each path can be told how to answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";

export interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

/** How a path answers: a status per request in turn (the last repeats), or "hang". */
export type Behaviour = { statuses: (number | "hang")[]; headers?: Record<string, string>; body?: string };

export interface Receiver {
  url: (path: string) => string;
  received: Received[];
  on: (path: string, b: Behaviour) => void;
  /** Requests to `path`, waiting until there are at least `count` (or the timeout passes). */
  waitFor: (path: string, count: number, timeoutMs?: number) => Promise<Received[]>;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const behaviours = new Map<string, Behaviour>();
  const served = new Map<string, number>();
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const b = behaviours.get(path) ?? { statuses: [200] };
      const n = served.get(path) ?? 0;
      served.set(path, n + 1);
      const status = b.statuses[Math.min(n, b.statuses.length - 1)];
      if (status === "hang") return void hanging.push(res);
      res.writeHead(status, { "content-type": "text/plain", ...b.headers }).end(b.body ?? (status < 300 ? "ok" : `no (${status})`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    on: (path, b) => behaviours.set(path, b),
    async waitFor(path, count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hits = received.filter((r) => r.path === path);
        if (hits.length >= count || Date.now() > deadline) return hits;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: async () => {
      hanging.forEach((r) => r.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Verifies a delivery with the standardwebhooks package, mapping our headers onto its names. */
export function verifyWithStandardWebhooks(r: Received, secret: string): unknown {
  return new Webhook(secret.slice("whsec_".length), { format: "raw" }).verify(r.body, {
    "webhook-id": String(r.headers["x-webhook-id"]),
    "webhook-timestamp": String(r.headers["x-webhook-timestamp"]),
    "webhook-signature": String(r.headers["x-webhook-signature"]),
  });
}

/** Verifies a delivery as SPEC describes, with node:crypto only. */
export function verifyByHand(r: Received, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const id = String(r.headers["x-webhook-id"]);
  const timestamp = Number(r.headers["x-webhook-timestamp"]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "utf8"))
    .update(`${id}.${timestamp}.${r.body}`)
    .digest();
  return String(r.headers["x-webhook-signature"])
    .split(" ")
    .some((part) => {
      const [version, sig] = part.split(",");
      const given = Buffer.from(sig ?? "", "base64");
      return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
