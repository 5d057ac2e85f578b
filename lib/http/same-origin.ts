// Cookie-authenticated writes must come from our own pages: refuse cross-site requests
// (login CSRF and form posts from other sites). Bearer-key requests carry no ambient
// credentials and are not checked.
// A write passes with an Origin equal, scheme, host and port, to APP_URL's origin or to the
// request's own (its Host, over http; behind a proxy TRUST_PROXY names, the proxy's
// X-Forwarded-Host and X-Forwarded-Proto), and a Sec-Fetch-Site, if sent, of same-origin (or
// none). Browsers send Origin on every POST, PUT, PATCH and DELETE, same-origin ones included; a
// write without it passes only with Sec-Fetch-Site: same-origin.
import { AppError } from "@/lib/errors/app-error";
import { viaTrustedProxy } from "@/lib/http/client-address";
import { nearestValue, requestHost } from "@/lib/http/request-host";
import { env } from "@/lib/env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function ownOrigins(req: Request): Set<string> {
  const origins = new Set([new URL(env().APP_URL).origin]);
  const proxied = viaTrustedProxy(req.headers);
  // The server itself speaks plain http: https is the word of a proxy in front, trusted only when listed.
  const scheme = (proxied && nearestValue(req.headers.get("x-forwarded-proto"))) || "http";
  const host = requestHost(req.headers);
  if (host && /^(https?)$/.test(scheme)) {
    try {
      origins.add(new URL(`${scheme}://${host}`).origin);
    } catch {
      /* not a host: only APP_URL's origin counts */
    }
  }
  return origins;
}

export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  const origin = req.headers.get("origin");
  if (!origin) {
    if (site === "same-origin") return;
    throw crossSite();
  }
  let normalized: string;
  try {
    normalized = new URL(origin).origin; // "null" (an opaque origin) is not a URL
  } catch {
    throw crossSite();
  }
  if (normalized === "null" || !ownOrigins(req).has(normalized)) throw crossSite();
}

function crossSite() {
  return new AppError("CROSS_SITE_REQUEST", "Cross-site request refused");
}
