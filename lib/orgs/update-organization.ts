import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { UpdateOrganizationInput } from "@/lib/orgs/schemas";
import { getOrganizationOrThrow } from "@/lib/orgs/get-organization";
import { setDefaultProject } from "@/lib/projects/default-project";
import { AppError } from "@/lib/errors/app-error";
import type { ActorType } from "@/lib/auth/principal";
import { retentionColumns } from "@/lib/retention/organization-retention";

const notAUseCase = () =>
  new AppError("VALIDATION_ERROR", "Invalid request: body.defaultUseCaseId: not a use case of this organization", [
    { path: "body.defaultUseCaseId", message: "not a use case of this organization" },
  ]);

interface Options {
  orgId: string;
  actor: { actorType: ActorType; actorId: string };
  input: UpdateOrganizationInput;
}

/**
 * Name, tracking default, default project, default use case and retention (each kind at most
 * as long as the instance keeps it: 400 naming the field otherwise), in one transaction with one
 * audit entry. The default use case must be one of the organization's own (another
 * organization's and an unknown id are answered alike: 400 at body.defaultUseCaseId); it is
 * locked (FOR KEY SHARE) until the change commits, so a concurrent delete waits for it.
 */
export async function updateOrganization({ orgId, actor, input }: Options) {
  const { defaultProjectId, retention, ...fields } = input;
  const { defaultUseCaseId } = fields;
  const retentionData = retention ? retentionColumns(retention) : {};
  await db().$transaction(async (tx) => {
    const metadata: Prisma.InputJsonObject = { ...input };
    if (defaultProjectId !== undefined) {
      const { previousDefaultProjectId } = await setDefaultProject(tx, { orgId, projectId: defaultProjectId });
      Object.assign(metadata, { previousDefaultProjectId });
    }
    if (defaultUseCaseId) {
      const own = await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text FROM use_cases WHERE id = ${defaultUseCaseId}::uuid AND org_id = ${orgId}::uuid FOR KEY SHARE`;
      if (own.length === 0) throw notAUseCase();
    }
    await tx.organization.update({ where: { id: orgId }, data: { ...fields, ...retentionData } });
    await recordAudit({ orgId, ...actor, action: "organization.updated", metadata }, tx);
  });
  return getOrganizationOrThrow({ orgId });
}
