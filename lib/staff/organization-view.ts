// An organization as support sees it: plan and allowance (its own figure, the plan's and the
// one in force), this month's use, members, providers and keys. Only named columns are read:
// key hashes and sealed provider secrets are never loaded.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { currentMonth } from "@/lib/email/message-store";
import { keyRateLimit } from "@/lib/api-keys/key-format";
import { monthlyAllowance, PLANS, type Plan } from "@/lib/orgs/plans";

const nextMonthStart = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

export const staffKeyColumns = {
  id: true,
  orgId: true,
  name: true,
  prefix: true,
  projectId: true,
  scopes: true,
  rateLimitPerMinute: true,
  revokedAt: true,
  lastUsedAt: true,
  createdAt: true,
} as const;

export function staffKeyView<K extends { rateLimitPerMinute: number | null; revokedAt: Date | null }>(key: K) {
  return { ...key, effectiveRateLimitPerMinute: keyRateLimit(key), revoked: key.revokedAt !== null };
}

export async function staffOrganizationViewOrThrow({ orgId }: { orgId: string }) {
  const [org, counter] = await Promise.all([
    db().organization.findUnique({
      where: { id: orgId },
      select: {
        id: true,
        name: true,
        plan: true,
        monthlySendAllowance: true,
        sendMode: true,
        createdAt: true,
        _count: { select: { projects: true } },
        memberships: {
          select: { role: true, user: { select: { id: true, email: true, name: true } } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        },
        providers: {
          select: { id: true, name: true, type: true, accountSource: true, status: true, isActive: true, priority: true, createdAt: true },
          orderBy: [{ priority: "asc" }, { createdAt: "asc" }, { id: "asc" }],
        },
        apiKeys: { select: staffKeyColumns, orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
      },
    }),
    db().sendCounter.findUnique({ where: { orgId_month: { orgId, month: currentMonth() } } }),
  ]);
  if (!org) throw notFound("Organization");
  const plan = Object.hasOwn(PLANS, org.plan) ? PLANS[org.plan as Plan] : PLANS.free;
  return {
    id: org.id,
    name: org.name,
    plan: org.plan,
    monthlySendAllowance: org.monthlySendAllowance,
    planMonthlySendAllowance: plan.monthlySends,
    effectiveMonthlySendAllowance: monthlyAllowance(org),
    sendsThisMonth: counter?.count ?? 0,
    allowanceResetsAt: nextMonthStart(),
    sendMode: org.sendMode,
    projectCount: org._count.projects,
    members: org.memberships.map((m) => ({ userId: m.user.id, email: m.user.email, name: m.user.name, role: m.role })),
    providers: org.providers,
    apiKeys: org.apiKeys.map(staffKeyView),
    createdAt: org.createdAt,
  };
}
