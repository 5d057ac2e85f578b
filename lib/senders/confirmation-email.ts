// The confirmation email's words: who asks, for which address, what confirming allows, and
// that ignoring it changes nothing. The organization's name is tenant text: never in the
// subject, and in the body only as quotedTenantText() gives it.
import { escapeHtml } from "@/lib/templates/handlebars";
import { quotedTenantText } from "@/lib/system-mail/tenant-text";

export function confirmationEmail({ orgName, email, link, expiresAt }: { orgName: string; email: string; link: string; expiresAt: Date }) {
  const until = expiresAt.toUTCString();
  const who = `The organization ${quotedTenantText(orgName)} wants to send email from ${email} through Mailroom.`;
  const text = [
    who,
    "",
    "If that is you or someone you trust, open this link and press Confirm:",
    link,
    "",
    `The link works until ${until}. If you did not expect this, ignore it: nothing is sent from your address unless you confirm.`,
  ].join("\n");
  const html = `<p>${escapeHtml(who)}</p>
<p>If that is you or someone you trust, open this link and press Confirm:</p>
<p><a href="${escapeHtml(link)}">Confirm ${escapeHtml(email)} as a sender</a></p>
<p>The link works until ${escapeHtml(until)}. If you did not expect this, ignore it: nothing is sent from your address unless you confirm.</p>`;
  return { subject: "Confirm your address as a Mailroom sender", text, html };
}
