// The host a request was made to: its Host header, or behind a proxy TRUST_PROXY names, the
// X-Forwarded-Host that proxy wrote (a client's own X-Forwarded-Host is never read: the proxy
// must set the header, replacing what the client sent, or append to it). Same-origin checks
// (same-origin.ts) and the tracking host check (lib/tracking/tracking-hosts.ts) use it.
import { viaTrustedProxy } from "@/lib/http/client-address";

/**
 * The value the nearest proxy wrote into a header proxies may write as a list: the last. The
 * first may be the client's own (a proxy that appends passes it along), so it is never read.
 */
export const nearestValue = (value: string | null) => value?.split(",").at(-1)?.trim() || undefined;

/** The request's host with its port, as sent ("example.com:8443"); null when there is none. */
export function requestHost(headers: Headers): string | null {
  return (viaTrustedProxy(headers) && nearestValue(headers.get("x-forwarded-host"))) || headers.get("host") || null;
}

/** The request's host name alone: lower-case, no port, no trailing dot; null when it is not a host. */
export function requestHostname(headers: Headers): string | null {
  const host = requestHost(headers);
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname.replace(/\.$/, "") || null;
  } catch {
    return null;
  }
}
