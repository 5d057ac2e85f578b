// The plan's monthly send allowance (DESIGN.md §4), counted per calendar month (UTC) in one
// atomic statement: the count only moves while it is below the allowance, so concurrent
// sends can never overshoot it.
import { db } from "@/lib/db/client";
import { monthlyAllowance } from "@/lib/orgs/plans";

const monthOf = (d = new Date()) => d.toISOString().slice(0, 7);

export async function consumeAllowance(org: { id: string; plan: string; monthlySendAllowance: number | null }): Promise<boolean> {
  const allowance = monthlyAllowance(org);
  const month = monthOf();
  if (allowance === null) {
    await db().$executeRaw`
      INSERT INTO send_counters (org_id, month, count) VALUES (${org.id}::uuid, ${month}, 1)
      ON CONFLICT (org_id, month) DO UPDATE SET count = send_counters.count + 1`;
    return true;
  }
  if (allowance <= 0) return false;
  const rows = await db().$queryRaw<{ count: number }[]>`
    INSERT INTO send_counters (org_id, month, count) VALUES (${org.id}::uuid, ${month}, 1)
    ON CONFLICT (org_id, month) DO UPDATE SET count = send_counters.count + 1
    WHERE send_counters.count < ${allowance}
    RETURNING count`;
  return rows.length > 0;
}

/** Gives a send back when nothing was sent after all. */
export async function refundAllowance(orgId: string): Promise<void> {
  await db().$executeRaw`UPDATE send_counters SET count = greatest(count - 1, 0) WHERE org_id = ${orgId}::uuid AND month = ${monthOf()}`;
}

export async function sendsThisMonth(orgId: string): Promise<number> {
  const row = await db().sendCounter.findUnique({ where: { orgId_month: { orgId, month: monthOf() } } });
  return row?.count ?? 0;
}
