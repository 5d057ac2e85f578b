// The words of the invitation and password-reset emails. The organization's name is tenant
// text: never in the subject, and in the body only as quotedTenantText() gives it.
import { escapeHtml } from "@/lib/templates/handlebars";
import { quotedTenantText } from "@/lib/system-mail/tenant-text";

function mail(subject: string, lead: string, action: string, url: string, expiresAt: Date, ignore: string) {
  const until = expiresAt.toUTCString();
  const text = [lead, "", `${action}:`, url, "", `The link works once, until ${until}. ${ignore}`].join("\n");
  const html = `<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>
<p>The link works once, until ${escapeHtml(until)}. ${escapeHtml(ignore)}</p>`;
  return { subject, text, html };
}

export const invitationEmail = ({ orgName, url, expiresAt }: { orgName: string; url: string; expiresAt: Date }) =>
  mail(
    "Your invitation to an organization on Mailroom",
    `You are invited to join the organization ${quotedTenantText(orgName)} on Mailroom.`,
    "Open the invitation",
    url,
    expiresAt,
    "If you did not expect this, ignore it: nothing changes unless you open the link and accept.",
  );

export const passwordResetEmail = ({ orgName, url, expiresAt }: { orgName: string; url: string; expiresAt: Date }) =>
  mail(
    "Choose a new Mailroom password",
    `An owner or admin of the organization ${quotedTenantText(orgName)} asked for you to choose a new Mailroom password.`,
    "Choose a new password",
    url,
    expiresAt,
    "If you did not expect this, ignore it: your password stays as it is unless you use the link.",
  );
