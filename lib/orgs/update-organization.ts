import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { UpdateOrganizationInput } from "@/lib/orgs/schemas";
import { getOrganizationOrThrow } from "@/lib/orgs/get-organization";

interface Options {
  orgId: string;
  actor: { actorType: "user" | "api_key"; actorId: string };
  input: UpdateOrganizationInput;
}

export async function updateOrganization({ orgId, actor, input }: Options) {
  await db().$transaction(async (tx) => {
    await tx.organization.update({ where: { id: orgId }, data: input });
    await recordAudit({ orgId, ...actor, action: "organization.updated", metadata: { ...input } }, tx);
  });
  return getOrganizationOrThrow({ orgId });
}
