// The hosted unsubscribe page: plain, accessible HTML with no script, so it works in any
// browser and mail client. Opening it changes nothing (link scanners open links); the button
// POSTs back to the same address.
import { escapeHtml as escape } from "@/lib/templates/handlebars";
import { hostedPage as page } from "@/lib/http/hosted-page";

export function confirmPage(recipient: string): string {
  return page(
    "Unsubscribe",
    `<h1>Unsubscribe?</h1><p><strong>${escape(recipient)}</strong> will no longer receive email from this sender.</p>
<form method="post"><button type="submit" name="confirm" value="yes">Unsubscribe</button></form>`,
  );
}

export function donePage(recipient: string): string {
  return page(
    "Unsubscribed",
    `<h1>You are unsubscribed</h1><p><strong>${escape(recipient)}</strong> will no longer receive email from this sender.</p>`,
  );
}

export function invalidPage(): string {
  return page(
    "Link not valid",
    `<h1>This link is not valid</h1><p>It may have been copied incompletely. Use the unsubscribe link in the email itself.</p>`,
  );
}
