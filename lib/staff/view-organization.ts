// Looking an organization up is itself audited (staff.organization_viewed): the view is only
// answered once its entry is written.
import { db } from "@/lib/db/client";
import { staffOrganizationViewOrThrow } from "@/lib/staff/organization-view";
import { recordStaffAudit } from "@/lib/staff/record-staff-audit";

export async function viewOrganization({ orgId, requestId }: { orgId: string; requestId: string }) {
  const view = await staffOrganizationViewOrThrow({ orgId });
  await recordStaffAudit({
    orgId,
    action: "staff.organization_viewed",
    requestId,
    targetType: "organization",
    targetId: orgId,
    metadata: { lookup: "id" },
  });
  return view;
}

/** Every organization the address is a member of (none: an empty list), oldest membership first. */
export async function viewOrganizationsByMemberEmail({ email, requestId }: { email: string; requestId: string }) {
  const memberships = await db().membership.findMany({
    where: { user: { email } },
    select: { orgId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const views = [];
  for (const { orgId } of memberships) {
    views.push(await staffOrganizationViewOrThrow({ orgId }));
    await recordStaffAudit({
      orgId,
      action: "staff.organization_viewed",
      requestId,
      targetType: "organization",
      targetId: orgId,
      metadata: { lookup: "member email", email },
    });
  }
  return views;
}
