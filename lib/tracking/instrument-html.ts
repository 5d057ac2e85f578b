// Open and click tracking owned by the product (so it works with every provider): at send
// time each http(s) link of the html is pointed at APP_URL/t/c/<token> and an invisible pixel
// APP_URL/t/o/<token> is added. Links that are not http(s) (mailto:, tel:, anchors) and links
// marked data-mailroom-track="off" are left alone.
import { signTrackingToken } from "@/lib/tracking/tokens";

const ANCHOR_HREF = /(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"']+)\2([^>]*>)/gi;

const unescapeAttr = (value: string) => value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'");

export interface Tracking {
  opens: boolean;
  clicks: boolean;
}

export function instrumentHtml(html: string, opts: Tracking & { baseUrl: string; messageId: string; recipient: string }): string {
  const base = opts.baseUrl.replace(/\/+$/, "");
  let out = html;
  if (opts.clicks) {
    out = out.replace(ANCHOR_HREF, (whole, start: string, quote: string, href: string, end: string) => {
      if (/data-mailroom-track\s*=\s*["']?off/i.test(whole)) return whole;
      const token = signTrackingToken({ kind: "c", messageId: opts.messageId, recipient: opts.recipient, url: unescapeAttr(href) });
      return `${start}${quote}${base}/t/c/${token}${quote}${end}`;
    });
  }
  if (opts.opens) {
    const pixel = `<img src="${base}/t/o/${signTrackingToken({ kind: "o", messageId: opts.messageId, recipient: opts.recipient })}" width="1" height="1" alt="" style="display:none;border:0;width:1px;height:1px">`;
    out = /<\/body>/i.test(out) ? out.replace(/<\/body>/i, `${pixel}</body>`) : out + pixel;
  }
  return out;
}
