// The organization's default project: the one sends without a project are recorded under
// (projects.is_default; see orgCte in lib/email/message-store.ts).
// There is no unique index on is_default, so the switch keeps "exactly one default" itself:
// the organization row is locked for the rest of the transaction, and one statement rewrites
// is_default on every project of the organization.
import { db, type Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";

type Client = Db | Prisma.TransactionClient;

/** The default project's id, or null. The same pick as the send path (oldest of any marked). */
export async function findDefaultProjectId({ orgId }: { orgId: string }, client: Client = db()): Promise<string | null> {
  const p = await client.project.findFirst({
    where: { orgId, isDefault: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return p?.id ?? null;
}

const notAProject = () =>
  new AppError("VALIDATION_ERROR", "Invalid request: body.defaultProjectId: not a project of this organization", [
    { path: "body.defaultProjectId", message: "not a project of this organization" },
  ]);

/**
 * Makes `projectId` the organization's only default project, inside the caller's transaction.
 * A project of another organization and an unknown id are answered alike (400 at
 * body.defaultProjectId): nothing says whether the id exists elsewhere. Returns the previous
 * default's id.
 */
export async function setDefaultProject(tx: Prisma.TransactionClient, { orgId, projectId }: { orgId: string; projectId: string }) {
  // Serializes default switches (and other organization-row changes) of one organization.
  await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${orgId}::uuid FOR UPDATE`;
  const target = await tx.project.findFirst({ where: { id: projectId, orgId }, select: { id: true } });
  if (!target) throw notAProject();
  const previous = await findDefaultProjectId({ orgId }, tx);
  await tx.$executeRaw`
    UPDATE projects
       SET is_default = (id = ${projectId}::uuid),
           updated_at = CASE WHEN is_default IS DISTINCT FROM (id = ${projectId}::uuid) THEN now() ELSE updated_at END
     WHERE org_id = ${orgId}::uuid`;
  return { previousDefaultProjectId: previous };
}
