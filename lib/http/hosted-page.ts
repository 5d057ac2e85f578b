// The product's few public pages outside the dashboard (unsubscribe, sender confirmation):
// plain, accessible HTML with no script, so they work in any browser and mail client.
import { escapeHtml } from "@/lib/templates/handlebars";
import { readUpTo } from "@/lib/http/read-body";

/** A page shell around `body` (already escaped HTML). */
export function hostedPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
  body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
  main{max-width:32rem;margin:10vh auto;padding:2rem;background:#fff;border:1px solid #e4e4e7;border-radius:.75rem}
  h1{font-size:1.4rem;margin:0 0 1rem} p{line-height:1.5;overflow-wrap:anywhere}
  button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
  button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
  @media (prefers-color-scheme:dark){body{background:#09090b;color:#f4f4f5}main{background:#18181b;border-color:#27272a}}
</style></head>
<body><main>${body}</main></body></html>`;
}

/** A hosted page as a response: never cached, never framed, no referrer (the URL holds a token). */
export function hostedPageResponse(html: string, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-frame-options": "DENY",
      ...extra,
    },
  });
}

/** How much of a hosted page's POST is read by default: a button's or a one-click body. */
export const HOSTED_FORM_LIMIT = 1_000;

/**
 * The form data of a hosted page's POST (its button, or a mail client's one-click body): the
 * first `limit` bytes, and not a byte more is read. Why: these pages are public, so the body is
 * anyone's; reading it whole before cutting it let one large POST hold its full size in memory.
 * The stream is cancelled at the limit, so the rest is never taken off the connection.
 */
export async function hostedPageForm(req: Request, limit = HOSTED_FORM_LIMIT): Promise<URLSearchParams> {
  // A broken upload reads as an empty form: the page answers as for any other body.
  const { bytes } = await readUpTo(req, limit).catch(() => ({ bytes: Buffer.alloc(0) }));
  return new URLSearchParams(bytes.toString("utf8"));
}
