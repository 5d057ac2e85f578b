// The host a request was made to: its Host header, or behind a proxy TRUST_PROXY names, the
// proxy's X-Forwarded-Host (a client's own X-Forwarded-Host is never read). Same-origin checks
// (same-origin.ts) and the tracking host check (lib/tracking/tracking-hosts.ts) use it.
import { viaTrustedProxy } from "@/lib/http/client-address";

/** The first value of a header a proxy may have written as a list. */
export const firstValue = (value: string | null) => value?.split(",")[0]?.trim() || undefined;

/** The request's host with its port, as sent ("example.com:8443"); null when there is none. */
export function requestHost(headers: Headers): string | null {
  return (viaTrustedProxy(headers) && firstValue(headers.get("x-forwarded-host"))) || headers.get("host") || null;
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
