// The hosted confirmation page: plain HTML with no script, styled like the unsubscribe page.
// Opening it changes nothing (mail scanners open links); its button POSTs back to confirm.
import { escapeHtml as escape } from "@/lib/templates/handlebars";
import { hostedPage as page } from "@/lib/http/hosted-page";

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
