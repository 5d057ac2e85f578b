// A provider the operator runs for the organization (accountSource "managed"). Its type and
// config are validated, and its secrets sealed, exactly as for a provider the customer adds
// (provider-config.ts). It starts `provisioning`: nothing is sent through it until staff move
// it to `active`. The plan's provider quota limits what the customer adds, not what the
// operator provides, so it is not checked here. Nor is the outbound address policy: the operator
// chooses where a managed provider connects, and its connections follow the operator's policy
// (provider-policy.ts); the customer cannot change its settings.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { newProviderRow } from "@/lib/providers/manage-providers";
import type { CreateProviderInput } from "@/lib/providers/schemas";
import { recordStaffAudit } from "@/lib/staff/record-staff-audit";

export async function createManagedProvider({ orgId, input, requestId }: { orgId: string; input: CreateProviderInput; requestId: string }) {
  const data = newProviderRow(orgId, input);
  return db().$transaction(async (tx) => {
    // Locked so the organization cannot be deleted between this check and the insert.
    const [org] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM organizations WHERE id = ${orgId}::uuid FOR KEY SHARE`;
    if (!org) throw notFound("Organization");
    const row = await tx.provider.create({ data: { ...data, accountSource: "managed", status: "provisioning" } });
    await recordStaffAudit(
      {
        orgId,
        action: "staff.provider_created",
        requestId,
        targetType: "provider",
        targetId: row.id,
        metadata: { name: row.name, type: row.type, accountSource: row.accountSource, status: row.status },
      },
      tx,
    );
    return row;
  });
}
