// An organization's plan and its own monthly allowance (null: back to the plan's). The row is
// locked while the previous values are read, so the audit entry's from/to are exactly what
// this call changed; the change and the entry commit together. The send path reads the
// allowance in the statement that counts each send (open-send.ts): the next send obeys it.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import type { ChangePlanInput } from "@/lib/staff/schemas";
import { recordStaffAudit, type Change } from "@/lib/staff/record-staff-audit";
import { staffOrganizationViewOrThrow } from "@/lib/staff/organization-view";

export async function changePlan({ orgId, input, requestId }: { orgId: string; input: ChangePlanInput; requestId: string }) {
  await db().$transaction(async (tx) => {
    const [org] = await tx.$queryRaw<{ plan: string; monthly_send_allowance: number | null }[]>`
      SELECT plan, monthly_send_allowance FROM organizations WHERE id = ${orgId}::uuid FOR UPDATE`;
    if (!org) throw notFound("Organization");
    const changes: Record<string, Change> = {};
    if (input.plan !== undefined) changes.plan = { from: org.plan, to: input.plan };
    if (input.monthlySendAllowance !== undefined)
      changes.monthlySendAllowance = { from: org.monthly_send_allowance, to: input.monthlySendAllowance };
    await tx.organization.update({ where: { id: orgId }, data: input });
    await recordStaffAudit(
      {
        orgId,
        action: input.plan !== undefined ? "staff.plan_changed" : "staff.allowance_changed",
        requestId,
        targetType: "organization",
        targetId: orgId,
        metadata: { changes },
      },
      tx,
    );
  });
  return staffOrganizationViewOrThrow({ orgId });
}
