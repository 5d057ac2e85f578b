// One signed POST to a customer's endpoint. Redirects are not followed (node:http never
// does), the whole exchange is capped at 10 s, and the address connected to is checked
// against the URL policy at connection time (guardedLookup), so DNS rebinding cannot turn an
// accepted hostname into a private address. Connections are kept alive between deliveries.
import http from "node:http";
import https from "node:https";
import type { OutboundPolicy } from "@/lib/net/outbound-policy";
import { guardedRequest } from "@/lib/net/guarded-request";
import { storableText } from "@/lib/db/storable-text";

export const DELIVERY_TIMEOUT_MS = 10_000;
const BODY_EXCERPT_BYTES = 4096;

export interface PostResult {
  statusCode: number | null;
  body: string | null;
  error: string | null;
  retryAfter: string | undefined;
  durationMs: number;
}

// As many sockets per host as the runner has attempts in flight: the 10 s cap must never be
// spent queueing for a socket of our own.
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

function describe(err: NodeJS.ErrnoException): string {
  if (err.name === "AbortError" || err.name === "TimeoutError") return `timed out after ${DELIVERY_TIMEOUT_MS / 1000} s`;
  if (err.code === "EBLOCKED") return `blocked by the URL policy: ${err.message}`;
  return storableText(err.message);
}

export function postWebhook(target: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<PostResult> {
  const policy: OutboundPolicy = { allowPrivate, subject: "webhook host" };
  const started = performance.now();
  const done = (r: Omit<PostResult, "durationMs">): PostResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  return new Promise((resolve) => {
    let req: http.ClientRequest;
    try {
      const url = new URL(target);
      // The scheme again (a URL saved while ALLOW_PRIVATE_WEBHOOK_URLS was on may be plain
      // http), and an IP literal, which never goes through lookup.
      req = guardedRequest(url, policy, {
        method: "POST",
        agent: agents[url.protocol as keyof typeof agents],
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Mailroom-Webhooks/1",
        },
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
    } catch (err) {
      return resolve(done({ statusCode: null, body: null, error: describe(err as NodeJS.ErrnoException), retryAfter: undefined }));
    }
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        if (size < BODY_EXCERPT_BYTES) chunks.push(c);
        size += c.length;
      });
      res.on("end", () => {
        // A binary reply (NUL is not text PostgreSQL can store) must not break the recording of a batch.
        const excerpt = storableText(Buffer.concat(chunks).subarray(0, BODY_EXCERPT_BYTES).toString("utf8"));
        const retryAfter = res.headers["retry-after"];
        resolve(
          done({
            statusCode: res.statusCode ?? null,
            body: excerpt,
            error: null,
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
          }),
        );
      });
      res.on("error", (err) =>
        resolve(done({ statusCode: res.statusCode ?? null, body: null, error: storableText(err.message), retryAfter: undefined })),
      );
    });
    req.on("error", (err: NodeJS.ErrnoException) =>
      resolve(done({ statusCode: null, body: null, error: describe(err), retryAfter: undefined })),
    );
    req.end(body);
  });
}
