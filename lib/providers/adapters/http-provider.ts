// What the HTTP API adapters (Resend, SendGrid, Postmark, Mailgun) share: the base URL
// setting, one timeout, one way of reading answers, and one rule for which failures the
// send pipeline may fail over from.
import { z } from "zod";
import { ambiguousFailure, ProviderError, type OutgoingAttachment, type OutgoingMessage } from "@/lib/providers/adapter";

/** A provider that hangs must not hold a send job: give up and let failover take it. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** Optional API base URL (regional endpoints, proxies, test servers); http(s) only. */
export const baseUrlSchema = z.url({ protocol: /^https?$/ }).optional();

export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the raw text when it is not JSON (error pages from proxies). */
  body: unknown;
}

/**
 * One request to a provider's API, its body read under the same timeout. Redirects are not
 * followed: they would carry our credential headers to another address. Failures are
 * retryable ProviderErrors (another provider may still send the message), told apart as
 * definitive when the request cannot have reached the provider (the connection, DNS or TLS
 * failed) and ambiguous otherwise (a timeout, a reset or a cut-off answer once connected:
 * the provider may have accepted the message).
 */
export async function providerFetch(provider: string, url: string, init: RequestInit): Promise<ProviderResponse> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (err) {
    if (neverSent(err)) throw new ProviderError(`${provider} could not be reached: ${failureReason(err)}`, true, undefined, { cause: err });
    throw ambiguousFailure(`${provider} gave no answer after the request was sent (${failureReason(err)}); it may have accepted the message`, err);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    // The status came, the body did not: a success status means the message was probably accepted.
    if (res.status >= 200 && res.status < 300) throw ambiguousFailure(`${provider} answered ${res.status} but the answer was cut off (${failureReason(err)})`, err);
    text = "";
  }
  return { status: res.status, headers: res.headers, body: parseBody(text) };
}

/** Errors (fetch's cause codes) raised before a request could reach the server. */
const CONNECT_FAILURES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT", "EPROTO"]);
const TLS_FAILURE = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_)/;

/** True when the request cannot have reached the provider: it could not connect, or TLS failed. */
export function neverSent(err: unknown): boolean {
  const cause = err instanceof Error ? (err.cause as { code?: unknown; errors?: { code?: unknown }[] } | undefined) : undefined;
  const codes = [cause?.code, ...(cause?.errors ?? []).map((e) => e.code)].filter((c): c is string => typeof c === "string");
  return codes.length > 0 && codes.every((c) => CONNECT_FAILURES.has(c) || TLS_FAILURE.test(c));
}

/** The message itself was refused: another provider would refuse it too, so no failover. */
const MESSAGE_REFUSED = new Set([400, 413, 422]);

/** Auth (401/403), missing resources (404), rate limits (429) and 5xx are the provider's side: retryable. */
export function errorFromStatus(provider: string, status: number, detail?: string): ProviderError {
  // Capped: an error body can run to pages; the message only needs to say what went wrong.
  const text = detail ? `: ${detail.slice(0, 500)}` : "";
  return new ProviderError(`${provider} answered ${status}${text}`, !MESSAGE_REFUSED.has(status), status);
}

/** A non-JSON body as an error detail, shortened: proxies answer with whole HTML pages. */
export function bodyText(body: unknown): string | undefined {
  if (typeof body !== "string" || !body.trim()) return undefined;
  return body.trim().replace(/\s+/g, " ").slice(0, 200);
}

/** These APIs take no raw MIME parts, so a calendar invitation travels as an invite.ics attachment. */
export function attachmentsWithInvite(message: OutgoingMessage): OutgoingAttachment[] {
  if (!message.calendar) return message.attachments;
  const invite: OutgoingAttachment = {
    filename: "invite.ics",
    content: Buffer.from(message.calendar.content, "utf8"),
    contentType: `text/calendar; method=${message.calendar.method}`,
  };
  return [...message.attachments, invite];
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failureReason(err: unknown): string {
  if (err instanceof Error && err.name === "TimeoutError") return `no answer within ${PROVIDER_TIMEOUT_MS / 1000} s`;
  // fetch reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND...) in cause.
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
