// One guarded GET of a tenant-chosen URL (an attachment's `path`), under the outbound address
// policy: every hop is opened by guardedRequest, so the scheme, an IP literal and the address a
// name resolves to are checked at connect time, redirects included (at most `maxRedirects`, each
// checked as the first URL was). The caller's signal is the deadline of the whole exchange, every
// hop and the body; the body is counted against a byte budget (shared by several GETs when they
// share it) and the connection dropped past it. A failure says only what failed: nothing of the
// remote side's answer (its body, its error text) is ever returned.
import type http from "node:http";
import type { OutboundPolicy } from "@/lib/net/outbound-policy";
import { guardedRequest } from "@/lib/net/guarded-request";

export type GetFailure =
  /** The policy refused the address; `reason` is the policy's own words. */
  | { kind: "blocked"; reason: string }
  /** The host answered a status that is neither success nor a redirect to follow. */
  | { kind: "status"; status: number }
  /** More redirects than allowed, or one to something that is not an http(s) URL. */
  | { kind: "redirects" }
  | { kind: "bad-redirect" }
  | { kind: "timeout" }
  | { kind: "too-large" }
  /** No connection, or it failed: the error, to be described by its code only. */
  | { kind: "connection"; error: unknown };

export type GetResult = { ok: true; body: Buffer; contentType: string | undefined } | { ok: false; failure: GetFailure };

/** Bytes still allowed; every GET given the same budget takes from it as its body arrives, and
 * from its parent's (a message's budget inside a whole request's). */
export interface ByteBudget {
  left: number;
  parent?: ByteBudget;
}

/** The least any budget of the chain has left. */
const available = (b: ByteBudget | undefined): number => (b ? Math.min(b.left, available(b.parent)) : Infinity);

/** Takes `n` bytes from every budget of the chain; false when one is overdrawn. */
function spend(b: ByteBudget | undefined, n: number): boolean {
  if (!b) return true;
  b.left -= n;
  return spend(b.parent, n) && b.left >= 0;
}

export interface GuardedGetOptions {
  url: URL;
  policy: OutboundPolicy;
  budget: ByteBudget;
  /** Ends the exchange, redirects and body included: a deadline (AbortSignal.timeout). */
  signal: AbortSignal;
  maxRedirects: number;
  userAgent: string;
  /** The longest a connection may stay silent (default 5 s). */
  idleMs?: number;
}

type Hop = { redirect: string } | { result: GetResult };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_IDLE_MS = 5_000;
const fail = (failure: GetFailure): Hop => ({ result: { ok: false, failure } });

function failureOf(err: unknown, signal: AbortSignal): GetFailure {
  if (signal.aborted) return { kind: "timeout" };
  const e = err as NodeJS.ErrnoException;
  if (e?.code === "EBLOCKED") return { kind: "blocked", reason: e.message };
  return { kind: "connection", error: err };
}

function handleResponse(res: http.IncomingMessage, budget: ByteBudget, signal: AbortSignal, settle: (hop: Hop) => void) {
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (REDIRECTS.has(status) && location) {
    res.destroy();
    return settle({ redirect: location });
  }
  if (status < 200 || status > 299) {
    res.destroy();
    return settle(fail({ kind: "status", status }));
  }
  // A declared length past the limit is refused before a byte is read.
  if (Number(res.headers["content-length"]) > available(budget)) {
    res.destroy();
    return settle(fail({ kind: "too-large" }));
  }
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => {
    if (!spend(budget, chunk.length)) {
      res.destroy();
      return settle(fail({ kind: "too-large" }));
    }
    chunks.push(chunk);
  });
  res.on("end", () => {
    const contentType = res.headers["content-type"];
    settle({ result: { ok: true, body: Buffer.concat(chunks), contentType } });
  });
  res.on("error", (err) => settle(fail(failureOf(err, signal))));
  // Closed before the end (the connection dropped mid-body): not a whole file.
  res.on("close", () => {
    if (!res.complete) settle(fail(failureOf(Object.assign(new Error("closed"), { code: "ECONNRESET" }), signal)));
  });
}

function hop(options: GuardedGetOptions): Promise<Hop> {
  const { url, signal } = options;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (h: Hop) => {
      if (settled) return;
      settled = true;
      resolve(h);
    };
    let req: http.ClientRequest;
    try {
      // agent: false: a connection of its own, never a pooled socket another request opened.
      req = guardedRequest(url, options.policy, {
        method: "GET",
        agent: false,
        signal,
        headers: { "user-agent": options.userAgent, accept: "*/*" },
      });
    } catch (err) {
      return settle(fail(failureOf(err, signal)));
    }
    // A connection that goes quiet ends the hop, whatever the deadline does (a trickle of bytes
    // keeps it alive only until the deadline).
    req.setTimeout(options.idleMs ?? DEFAULT_IDLE_MS, () => req.destroy(Object.assign(new Error("idle"), { code: "ETIMEDOUT" })));
    req.on("response", (res) => handleResponse(res, options.budget, signal, settle));
    req.on("error", (err) => settle(fail(failureOf(err, signal))));
    req.end();
  });
}

/**
 * A redirect's target came from the remote side (its Location header): a refusal of it says
 * that a redirect was refused, never which host or port it named.
 */
function afterRedirect(result: GetResult): GetResult {
  if (result.ok || result.failure.kind !== "blocked") return result;
  return { ok: false, failure: { kind: "blocked", reason: "a redirect led to an address it may not reach" } };
}

/** Never throws; never returns the remote side's words. */
export async function guardedGet(options: GuardedGetOptions): Promise<GetResult> {
  let url = options.url;
  for (let redirects = 0; ; redirects++) {
    const h = await hop({ ...options, url });
    if ("result" in h) return redirects > 0 ? afterRedirect(h.result) : h.result;
    if (redirects >= options.maxRedirects) return { ok: false, failure: { kind: "redirects" } };
    let next: URL;
    try {
      next = new URL(h.redirect, url);
    } catch {
      return { ok: false, failure: { kind: "bad-redirect" } };
    }
    // Only http(s), and no credentials (they would be sent to a host the tenant did not name).
    if (!["http:", "https:"].includes(next.protocol) || next.username || next.password)
      return { ok: false, failure: { kind: "bad-redirect" } };
    url = next;
  }
}
