import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { UpdateOrganizationInput } from "@/lib/orgs/schemas";
import { getOrganizationOrThrow } from "@/lib/orgs/get-organization";
import { setDefaultProject } from "@/lib/projects/default-project";

interface Options {
  orgId: string;
  actor: { actorType: "user" | "api_key"; actorId: string };
  input: UpdateOrganizationInput;
}

/** Name, tracking default and default project, in one transaction with one audit entry. */
export async function updateOrganization({ orgId, actor, input }: Options) {
  const { defaultProjectId, ...fields } = input;
  await db().$transaction(async (tx) => {
    const metadata: Prisma.InputJsonObject = { ...input };
    if (defaultProjectId !== undefined) {
      const { previousDefaultProjectId } = await setDefaultProject(tx, { orgId, projectId: defaultProjectId });
      Object.assign(metadata, { previousDefaultProjectId });
    }
    await tx.organization.update({ where: { id: orgId }, data: fields });
    await recordAudit({ orgId, ...actor, action: "organization.updated", metadata }, tx);
  });
  return getOrganizationOrThrow({ orgId });
}
