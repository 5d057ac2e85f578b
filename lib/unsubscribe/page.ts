// The hosted unsubscribe page: plain, accessible HTML with no script, so it works in any
// browser and mail client. Opening it changes nothing (link scanners open links); the button
// POSTs back to the same address.
import { escapeHtml as escape } from "@/lib/templates/handlebars";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>
  body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
  main{max-width:32rem;margin:10vh auto;padding:2rem;background:#fff;border:1px solid #e4e4e7;border-radius:.75rem}
  h1{font-size:1.4rem;margin:0 0 1rem} p{line-height:1.5}
  button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
  button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
  @media (prefers-color-scheme:dark){body{background:#09090b;color:#f4f4f5}main{background:#18181b;border-color:#27272a}}
</style></head>
<body><main>${body}</main></body></html>`;
}

export function confirmPage(recipient: string): string {
  return page(
    "Unsubscribe",
    `<h1>Unsubscribe?</h1><p><strong>${escape(recipient)}</strong> will no longer receive email from this sender.</p>
<form method="post"><button type="submit" name="confirm" value="yes">Unsubscribe</button></form>`,
  );
}

export function donePage(recipient: string): string {
  return page("Unsubscribed", `<h1>You are unsubscribed</h1><p><strong>${escape(recipient)}</strong> will no longer receive email from this sender.</p>`);
}

export function invalidPage(): string {
  return page("Link not valid", `<h1>This link is not valid</h1><p>It may have been copied incompletely. Use the unsubscribe link in the email itself.</p>`);
}
