// The hosted confirmation page: plain HTML with no script, styled like the unsubscribe page.
// Opening it changes nothing (mail scanners open links); its button POSTs back to confirm.
import { escapeHtml as escape } from "@/lib/templates/handlebars";
import { hostedPage as page } from "@/lib/http/hosted-page";
import { quotedTenantText } from "@/lib/system-mail/tenant-text";

// The organization's name is tenant text, shown as quotedTenantText() gives it.
const org = (name: string) => `organization ${escape(quotedTenantText(name))}`;

export function confirmPage(s: { email: string; orgName: string }): string {
  return page(
    "Confirm sender",
    `<h1>Confirm this sender?</h1><p>The ${org(s.orgName)} wants to send email from <strong>${escape(s.email)}</strong>.</p>
<p>Confirm only if this is your address and you agree. If you did not expect this, close this page: nothing changes.</p>
<form method="post"><button type="submit" name="confirm" value="yes">Confirm</button></form>`,
  );
}

export function confirmedPage(s: { email: string; orgName: string }): string {
  return page(
    "Sender confirmed",
    `<h1>Sender confirmed</h1><p><strong>${escape(s.email)}</strong> is confirmed: the ${org(s.orgName)} can now send email from it.</p>`,
  );
}

export function invalidPage(): string {
  return page(
    "Link not valid",
    `<h1>This link is not valid</h1><p>It may have expired, been copied incompletely, or the sender may have been removed. Ask for a new confirmation email.</p>`,
  );
}
