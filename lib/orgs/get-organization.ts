import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { monthlyAllowance } from "@/lib/orgs/plans";

export async function getOrganizationOrThrow({ orgId }: { orgId: string }) {
  const org = await db().organization.findUnique({ where: { id: orgId } });
  if (!org) throw notFound("Organization");
  return { ...org, monthlySendAllowance: monthlyAllowance(org) };
}
