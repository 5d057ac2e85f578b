// The words of the invitation and password-reset emails.
import { escapeHtml } from "@/lib/templates/handlebars";

const oneLine = (s: string) => s.replace(/[\r\n]/g, " ").slice(0, 998);

function mail(subject: string, lead: string, action: string, url: string, expiresAt: Date, ignore: string) {
  const until = expiresAt.toUTCString();
  const text = [lead, "", `${action}:`, url, "", `The link works once, until ${until}. ${ignore}`].join("\n");
  const html = `<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>
<p>The link works once, until ${escapeHtml(until)}. ${escapeHtml(ignore)}</p>`;
  return { subject: oneLine(subject), text, html };
}

export const invitationEmail = ({ orgName, url, expiresAt }: { orgName: string; url: string; expiresAt: Date }) =>
  mail(`You are invited to ${orgName} on Mailroom`, `You are invited to join ${orgName} on Mailroom.`, "Choose your password and join", url, expiresAt, "If you did not expect this, ignore it: no account is made unless you open the link and choose a password.");

export const passwordResetEmail = ({ orgName, url, expiresAt }: { orgName: string; url: string; expiresAt: Date }) =>
  mail(`Choose a new Mailroom password for ${orgName}`, `An owner or admin of ${orgName} asked for you to choose a new Mailroom password.`, "Choose a new password", url, expiresAt, "If you did not expect this, ignore it: your password stays as it is unless you use the link.");
