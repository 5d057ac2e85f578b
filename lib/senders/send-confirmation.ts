// Mails a sender's address a link that confirms it (for addresses at a domain the organization
// cannot verify, like a personal mailbox). It goes only through the operator's system transport
// (lib/system-mail), never the organization's providers: an organization that could route it
// through a server of its own would read the link and confirm any address. Without a system
// transport it is refused (409 CONFLICT) before anything is recorded.
//
// A script cannot flood someone's mailbox: each request first takes a place of the address's
// allowance (lib/system-mail/address-allowance.ts: one a minute, a few a day, shared with
// invitations and resets and with every other organization), then sends. A send that was
// refused or failed (sender.confirmation_failed) gives its place back.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertSystemMail, sendSystemMail } from "@/lib/system-mail/send-system-mail";
import { releaseAddressMail, reserveAddressMail } from "@/lib/system-mail/address-allowance";
import { getSenderRowOrThrow } from "@/lib/senders/manage-senders";
import { CONFIRMATION_TTL_MS, confirmationUrl, signConfirmationToken } from "@/lib/senders/confirmation-token";
import { confirmationEmail } from "@/lib/senders/confirmation-email";

const REQUESTED = "sender.confirmation_requested";
const SENT = "sender.confirmation_sent";
const FAILED = "sender.confirmation_failed";

/** Takes a place of the address's allowance (or answers 429), recording the request under a lock on the sender's row. */
async function reserve(principal: Principal, sender: { id: string; email: string }) {
  return db().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM senders WHERE id = ${sender.id}::uuid AND org_id = ${principal.orgId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound("Sender"); // deleted meanwhile
    const place = await reserveAddressMail(tx, sender.email, principal.orgId);
    await recordAudit(
      {
        orgId: principal.orgId,
        ...actorOf(principal),
        action: REQUESTED,
        targetType: "sender",
        targetId: sender.id,
        metadata: { email: sender.email },
      },
      tx,
    );
    return place;
  });
}

export async function sendSenderConfirmation({ principal, id }: { principal: Principal; id: string }) {
  const sender = await getSenderRowOrThrow({ orgId: principal.orgId, id });
  if (sender.confirmedAt) throw new AppError("CONFLICT", `${sender.email} is confirmed already`);
  if (sender.domain?.status === "verified")
    throw new AppError("CONFLICT", `${sender.email} is verified by its domain ${sender.domain.name}; no confirmation is needed`);
  assertSystemMail("Sender confirmation by email");
  const place = await reserve(principal, sender);

  const org = await db().organization.findUniqueOrThrow({ where: { id: principal.orgId }, select: { name: true } });
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  const link = confirmationUrl(env().APP_URL, signConfirmationToken({ senderId: sender.id, email: sender.email, expiresAt }));
  try {
    await sendSystemMail({ to: sender.email, link, ...confirmationEmail({ orgName: org.name, email: sender.email, link, expiresAt }) });
  } catch (err) {
    const code = err instanceof AppError ? err.code : "SEND_FAILED";
    await releaseAddressMail(place);
    await recordAudit({
      orgId: principal.orgId,
      ...actorOf(principal),
      action: FAILED,
      targetType: "sender",
      targetId: id,
      outcome: "failed",
      metadata: { email: sender.email, code },
    });
    throw err;
  }
  await recordAudit({
    orgId: principal.orgId,
    ...actorOf(principal),
    action: SENT,
    targetType: "sender",
    targetId: id,
    metadata: { email: sender.email },
  });
  return { id: sender.id, email: sender.email, expiresAt };
}
