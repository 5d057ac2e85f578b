// The one allowance for mail the instance sends to an address (invitations, password resets,
// sender confirmations), whichever organization asks: at most one a minute and
// MAILS_PER_DAY a day. Counted under a lock on the address, so requests at the same moment see
// each other. A mail that was not sent gives its place back (release).
//
// The refusal says only that the address was mailed recently: never by whom, so one
// organization does not learn that another mailed the address.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

export const MAILS_PER_DAY = 5;
const SPACING_MS = 60_000;
const DAY_MS = 86_400_000;

/** Takes this address's next place inside the caller's transaction, or answers 429; returns the place's id. */
export async function reserveAddressMail(tx: Prisma.TransactionClient, address: string): Promise<string> {
  const email = address.toLowerCase();
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`system-mail:${email}`}))`;
  const dayAgo = new Date(Date.now() - DAY_MS);
  await tx.systemMailSend.deleteMany({ where: { email, createdAt: { lte: dayAgo } } });
  const recent = await tx.systemMailSend.findMany({ where: { email }, select: { createdAt: true }, orderBy: { createdAt: "desc" } });
  const spacing = recent[0] ? recent[0].createdAt.getTime() + SPACING_MS - Date.now() : 0;
  const daily = recent.length >= MAILS_PER_DAY ? recent[MAILS_PER_DAY - 1].createdAt.getTime() + DAY_MS - Date.now() : 0;
  const wait = Math.max(spacing, daily);
  if (wait > 0) {
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    throw new AppError("RATE_LIMITED", `This address was mailed recently; try again in ${seconds} s`, undefined, { "Retry-After": String(seconds) });
  }
  return (await tx.systemMailSend.create({ data: { email }, select: { id: true } })).id;
}

/** Gives a place back when its mail was not sent. */
export async function releaseAddressMail(id: string): Promise<void> {
  await db().systemMailSend.deleteMany({ where: { id } });
}
