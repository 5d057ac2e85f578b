// Open and click tracking owned by the product (so it works with every provider): at send
// time each http(s) link of the html is pointed at <base>/t/c/<token> and an invisible pixel
// <base>/t/o/<token> is added, where the base is APP_URL, or APP_URL with the from-domain's
// verified tracking host in place of its host (trackingBaseUrl). Links that are not http(s) (mailto:, tel:, anchors) and links
// marked data-mailroom-track="off" are left alone.
import { signTrackingToken } from "@/lib/tracking/tokens";

// Every part is bounded and stops at a tag boundary, so a malformed body (thousands of "<a "
// without ">") costs linear time, not quadratic.
const ANCHOR_HREF = /(<a\s[^<>]{0,2000}?(?<![\w:-])href\s*=\s*)(["'])(https?:\/\/[^"'<>\s]{1,2000})\2([^<>]{0,2000}>)/gi;

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };
const unescapeAttr = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e.toLowerCase()] ?? whole;
  });

/** The link as a browser would follow it (percent-encoded, a valid Location), or null to leave it alone. */
function target(href: string): string | null {
  try {
    const url = new URL(unescapeAttr(href));
    return (url.protocol === "http:" || url.protocol === "https:") && url.href.length <= 2000 ? url.href : null;
  } catch {
    return null;
  }
}

/** APP_URL with the tracking host in place of its host name (its protocol and port kept); APP_URL itself without one. */
export function trackingBaseUrl({ appUrl, trackingHost }: { appUrl: string; trackingHost: string | null }): string {
  if (!trackingHost) return appUrl;
  const url = new URL(appUrl);
  url.hostname = trackingHost;
  return url.origin;
}

export interface Tracking {
  opens: boolean;
  clicks: boolean;
}

export function instrumentHtml(
  html: string,
  opts: Tracking & { appUrl: string; trackingHost: string | null; messageId: string; recipient: string },
): string {
  const base = trackingBaseUrl(opts).replace(/\/+$/, "");
  // Each token names the host it points at, and answers only there (or on the instance's host).
  const claim = { messageId: opts.messageId, recipient: opts.recipient, ...(opts.trackingHost ? { host: opts.trackingHost } : {}) };
  let out = html;
  if (opts.clicks) {
    out = out.replace(ANCHOR_HREF, (whole, start: string, quote: string, href: string, end: string) => {
      const url = target(href);
      if (!url || /data-mailroom-track\s*=\s*["']?off/i.test(whole)) return whole;
      const token = signTrackingToken({ kind: "c", ...claim, url });
      return `${start}${quote}${base}/t/c/${token}${quote}${end}`;
    });
  }
  if (opts.opens) {
    const pixel = `<img src="${base}/t/o/${signTrackingToken({ kind: "o", ...claim })}" width="1" height="1" alt="" style="display:none;border:0;width:1px;height:1px">`;
    out = /<\/body>/i.test(out) ? out.replace(/<\/body>/i, `${pixel}</body>`) : out + pixel;
  }
  return out;
}
