// The confirmation email's words: who asks, for which address, what confirming allows, and
// that ignoring it changes nothing.
import { escapeHtml } from "@/lib/templates/handlebars";

export function confirmationEmail({ orgName, email, link, expiresAt }: { orgName: string; email: string; link: string; expiresAt: Date }) {
  const until = expiresAt.toUTCString();
  const text = [
    `${orgName} wants to send email from ${email} through Mailroom.`,
    "",
    "If that is you or someone you trust, open this link and press Confirm:",
    link,
    "",
    `The link works until ${until}. If you did not expect this, ignore it: nothing is sent from your address unless you confirm.`,
  ].join("\n");
  const html = `<p><strong>${escapeHtml(orgName)}</strong> wants to send email from <strong>${escapeHtml(email)}</strong> through Mailroom.</p>
<p>If that is you or someone you trust, open this link and press Confirm:</p>
<p><a href="${escapeHtml(link)}">Confirm ${escapeHtml(email)} as a sender</a></p>
<p>The link works until ${escapeHtml(until)}. If you did not expect this, ignore it: nothing is sent from your address unless you confirm.</p>`;
  return { subject: `Confirm ${email} as a sender for ${orgName}`.replace(/[\r\n]/g, " ").slice(0, 998), text, html };
}
