// The organization as the API shows it: its settings, the allowance in force, and this month's
// use of it (sends counted against the allowance, in UTC calendar months), its default project,
// and how long each kind of its data is kept.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { currentMonth } from "@/lib/email/message-store";
import { monthlyAllowance, PLANS, type Plan } from "@/lib/orgs/plans";
import { findDefaultProjectId } from "@/lib/projects/default-project";
import { retentionView } from "@/lib/retention/organization-retention";

/** The first instant of next month (UTC): when the allowance renews. */
function nextMonthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export async function getOrganizationOrThrow({ orgId }: { orgId: string }) {
  const [org, counter, defaultProjectId] = await Promise.all([
    db().organization.findUnique({ where: { id: orgId } }),
    db().sendCounter.findUnique({ where: { orgId_month: { orgId, month: currentMonth() } } }),
    findDefaultProjectId({ orgId }),
  ]);
  if (!org) throw notFound("Organization");
  const plan = Object.hasOwn(PLANS, org.plan) ? PLANS[org.plan as Plan] : PLANS.free;
  return {
    ...org,
    monthlySendAllowance: monthlyAllowance(org),
    sendsThisMonth: counter?.count ?? 0,
    allowanceResetsAt: nextMonthStart(),
    providerQuota: plan.providers,
    defaultProjectId,
    retention: retentionView(org),
  };
}
