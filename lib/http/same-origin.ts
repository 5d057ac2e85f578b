// Cookie-authenticated writes must come from our own pages: refuse cross-site requests
// (login CSRF and form posts from other sites). Bearer-key requests carry no ambient
// credentials and are not checked.
import { AppError } from "@/lib/http/errors";
import { env } from "@/lib/env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  const origin = req.headers.get("origin");
  if (!origin) return;
  const allowed = new Set([new URL(env().APP_URL).host]);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (host) allowed.add(host);
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (!allowed.has(originHost)) throw crossSite();
}

function crossSite() {
  return new AppError("CROSS_SITE_REQUEST", "Cross-site request refused");
}
