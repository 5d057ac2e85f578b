// The one allowance for mail the instance sends (invitations, password resets, sender
// confirmations):
//   - per mailbox, whichever organization asks: at most one a minute and MAILS_PER_DAY a day.
//     The mailbox is the address lower-cased without its +tag, so sub-addresses
//     (someone+1@, someone+2@, …) share one allowance: they all reach one inbox.
//   - per organization: ORG_MAILS_PER_DAY a day, so no tenant turns the operator's transport
//     into a bulk sender across many addresses.
// Counted under locks on the organization and the mailbox (in that order), so requests at the
// same moment see each other. A mail that was not sent gives its place back (release).
//
// The refusal says only that the address was mailed recently: never by whom, so one
// organization does not learn that another mailed the address.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { tooManyRequests } from "@/lib/errors/too-many-requests";

export const MAILS_PER_DAY = 5;
export const ORG_MAILS_PER_DAY = 100;
const SPACING_MS = 60_000;
const DAY_MS = 86_400_000;

/** Gmail ignores dots in the local part, and googlemail.com is gmail.com. */
const DOTLESS = new Set(["gmail.com", "googlemail.com"]);

/** The inbox an address reaches: lower-cased, without a +tag on its local part (and, at Gmail,
 * without dots, googlemail.com as gmail.com). */
export function mailboxOf(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS.has(domain)) [local, domain] = [local.replace(/\./g, ""), "gmail.com"];
  return `${local}@${domain}`;
}

const refusal = (wait: number, what: string) => {
  const seconds = Math.max(1, Math.ceil(wait / 1000));
  return tooManyRequests("RATE_LIMITED", `${what}; try again in ${seconds} s`, seconds);
};

/** Takes the organization's and this mailbox's next place inside the caller's transaction, or answers 429; returns the place's id. */
export async function reserveAddressMail(tx: Prisma.TransactionClient, address: string, orgId: string): Promise<string> {
  const email = mailboxOf(address);
  const dayAgo = new Date(Date.now() - DAY_MS);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`system-mail-org:${orgId}`}))`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`system-mail:${email}`}))`;
  await tx.systemMailSend.deleteMany({ where: { OR: [{ email }, { orgId }], createdAt: { lte: dayAgo } } });

  const ours = await tx.systemMailSend.findMany({
    where: { orgId },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
    skip: ORG_MAILS_PER_DAY - 1,
    take: 1,
  });
  if (ours[0])
    throw refusal(
      ours[0].createdAt.getTime() + DAY_MS - Date.now(),
      `This organization has had ${ORG_MAILS_PER_DAY} invitations, resets and confirmations mailed in the last day`,
    );

  const recent = await tx.systemMailSend.findMany({
    where: { email },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
    take: MAILS_PER_DAY,
  });
  const spacing = recent[0] ? recent[0].createdAt.getTime() + SPACING_MS - Date.now() : 0;
  const daily = recent.length >= MAILS_PER_DAY ? recent[MAILS_PER_DAY - 1].createdAt.getTime() + DAY_MS - Date.now() : 0;
  const wait = Math.max(spacing, daily);
  if (wait > 0) throw refusal(wait, "This address was mailed recently");
  return (await tx.systemMailSend.create({ data: { email, orgId }, select: { id: true } })).id;
}

/** Gives a place back when its mail was not sent. */
export async function releaseAddressMail(id: string): Promise<void> {
  await db().systemMailSend.deleteMany({ where: { id } });
}
