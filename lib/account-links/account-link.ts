// One-use links mailed through the system transport: an invitation (the invitee chooses their
// password) and a password reset. The token is random; only its SHA-256 is stored, so a copy of
// the database opens nothing. A link works once, until it expires, and a newer link of the same
// kind for the same address and organization replaces the older one.
//
// Abuse: a tenant must not be able to flood a mailbox. Every link takes a place of the
// address's allowance (lib/system-mail/address-allowance.ts, shared with sender confirmations,
// whichever organization asks). A link whose mail was not sent is removed and gives its place back.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";
import { sendSystemMail } from "@/lib/system-mail/send-system-mail";
import { releaseAddressMail, reserveAddressMail } from "@/lib/system-mail/address-allowance";

export type LinkKind = "invitation" | "password_reset";

export const LINK_TTL_MS: Record<LinkKind, number> = { invitation: 7 * 86_400_000, password_reset: 3_600_000 };
const PATHS: Record<LinkKind, string> = { invitation: "invite", password_reset: "reset-password" };

export interface NewLink {
  kind: LinkKind;
  orgId: string;
  email: string;
  name?: string;
  role?: string;
  userId?: string;
  createdBy: string;
}

/** Creates the link and mails it through `mail` (its words); the link's row goes if the mail does not. */
export async function createAndMailLink(
  link: NewLink,
  mail: (url: string, expiresAt: Date) => { subject: string; text: string; html: string },
  audit: (tx: Prisma.TransactionClient) => Promise<void>,
) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + LINK_TTL_MS[link.kind]);
  const { row, place } = await db().$transaction(async (tx) => {
    const place = await reserveAddressMail(tx, link.email, link.orgId);
    const now = new Date();
    await tx.accountLink.updateMany({
      where: { kind: link.kind, orgId: link.orgId, email: link.email, usedAt: null },
      data: { usedAt: now },
    });
    const created = await tx.accountLink.create({ data: { ...link, tokenHash: sha256Hex(token), expiresAt } });
    await audit(tx);
    return { row: created, place };
  });
  const url = `${env().APP_URL.replace(/\/$/, "")}/${PATHS[link.kind]}/${token}`;
  try {
    await sendSystemMail({ to: link.email, link: url, ...mail(url, expiresAt) });
  } catch (err) {
    await db()
      .accountLink.delete({ where: { id: row.id } })
      .catch(() => undefined);
    await releaseAddressMail(place);
    throw err;
  }
  return { email: link.email, expiresAt };
}

/** The link a token opens, if it is of this kind, unused and unexpired; null otherwise (one answer for every reason). */
export async function findUsableLink(kind: LinkKind, token: string) {
  if (token.length < 20 || token.length > 100) return null;
  const row = await db().accountLink.findUnique({
    where: { tokenHash: sha256Hex(token) },
    include: { organization: { select: { name: true } } },
  });
  if (!row || row.kind !== kind || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}

/** Marks the link used inside the caller's transaction; false when another request used it first. */
export async function useLink(tx: Prisma.TransactionClient, id: string): Promise<boolean> {
  const { count } = await tx.accountLink.updateMany({
    where: { id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  return count === 1;
}
