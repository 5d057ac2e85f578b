// Mails a sender's address a link that confirms it (for addresses at a domain the organization
// cannot verify, like a personal mailbox). It goes through the normal send path as the
// organization itself, from the instance's default address: so test mode, the allowance and
// the suppression list apply, and a refusal is the caller's answer, said as such. At most one
// per sender per minute, so a script cannot flood someone's mailbox.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { actorOf, type Principal } from "@/lib/http/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { sendEmail } from "@/lib/email/send-email";
import { sendEmailSchema } from "@/lib/email/schemas";
import { getSenderRowOrThrow } from "@/lib/senders/manage-senders";
import { CONFIRMATION_TTL_MS, confirmationUrl, signConfirmationToken } from "@/lib/senders/confirmation-token";
import { confirmationEmail } from "@/lib/senders/confirmation-email";

const RESEND_AFTER_MS = 60_000;
const SENT = "sender.confirmation_sent";

export async function sendSenderConfirmation({ principal, id }: { principal: Principal; id: string }) {
  const sender = await getSenderRowOrThrow({ orgId: principal.orgId, id });
  if (sender.confirmedAt) throw new AppError("CONFLICT", `${sender.email} is confirmed already`);
  if (sender.domain?.status === "verified") throw new AppError("CONFLICT", `${sender.email} is verified by its domain ${sender.domain.name}; no confirmation is needed`);
  const last = await db().auditLog.findFirst({ where: { orgId: principal.orgId, action: SENT, targetId: id }, orderBy: { createdAt: "desc" }, select: { createdAt: true } });
  const wait = last ? RESEND_AFTER_MS - (Date.now() - last.createdAt.getTime()) : 0;
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new AppError("RATE_LIMITED", `A confirmation email went to ${sender.email} less than a minute ago; try again in ${seconds} s`, undefined, { "Retry-After": String(seconds) });
  }

  const org = await db().organization.findUniqueOrThrow({ where: { id: principal.orgId }, select: { name: true } });
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  const link = confirmationUrl(env().APP_URL, signConfirmationToken({ senderId: sender.id, email: sender.email, expiresAt }));
  const input = sendEmailSchema.parse({ to: sender.email, ...confirmationEmail({ orgName: org.name, email: sender.email, link, expiresAt }) });
  let sent;
  try {
    sent = await sendEmail({ principal: { kind: "system", orgId: principal.orgId, actor: "sender_confirmation" }, input });
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, `The confirmation email to ${sender.email} was not sent: ${err.message}`, err.details, err.headers);
    throw err;
  }
  await recordAudit({ orgId: principal.orgId, ...actorOf(principal), action: SENT, targetType: "sender", targetId: id, metadata: { email: sender.email, messageId: sent.id } });
  return { id: sender.id, email: sender.email, messageId: sent.id, expiresAt };
}
