// The plan's monthly send allowance (DESIGN.md §4), counted per calendar month (UTC). The
// count itself moves in insertQueuedMessage (message-store.ts), in the same statement that
// records the message; here: refunds and the month's figure.
import { db } from "@/lib/db/client";

const monthOf = (d = new Date()) => d.toISOString().slice(0, 7);

/** Gives a send back when nothing was sent after all. */
export async function refundAllowance(orgId: string): Promise<void> {
  await db().$executeRaw`UPDATE send_counters SET count = greatest(count - 1, 0) WHERE org_id = ${orgId}::uuid AND month = ${monthOf()}`;
}

export async function sendsThisMonth(orgId: string): Promise<number> {
  const row = await db().sendCounter.findUnique({ where: { orgId_month: { orgId, month: monthOf() } } });
  return row?.count ?? 0;
}
