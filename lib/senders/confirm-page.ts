// The hosted confirmation page: plain HTML with no script, styled like the unsubscribe page.
// Opening it changes nothing (mail scanners open links); its button POSTs back to confirm.
import { escapeHtml as escape } from "@/lib/templates/handlebars";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title>
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

export function confirmPage(s: { email: string; orgName: string }): string {
  return page(
    "Confirm sender",
    `<h1>Confirm this sender?</h1><p><strong>${escape(s.orgName)}</strong> wants to send email from <strong>${escape(s.email)}</strong>.</p>
<p>Confirm only if this is your address and you agree. If you did not expect this, close this page: nothing changes.</p>
<form method="post"><button type="submit" name="confirm" value="yes">Confirm</button></form>`,
  );
}

export function confirmedPage(s: { email: string; orgName: string }): string {
  return page("Sender confirmed", `<h1>Sender confirmed</h1><p><strong>${escape(s.email)}</strong> is confirmed: <strong>${escape(s.orgName)}</strong> can now send email from it.</p>`);
}

export function invalidPage(): string {
  return page(
    "Link not valid",
    `<h1>This link is not valid</h1><p>It may have expired, been copied incompletely, or the sender may have been removed. Ask for a new confirmation email.</p>`,
  );
}
