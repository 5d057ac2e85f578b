// Create, read, update and delete an organization's use cases. Another organization's use
// case is "not found". Every change is audited. Deleting one leaves the messages that named
// it without one (use_case_id SET NULL) and clears it as the organization's default.
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CreateUseCaseInput, UpdateUseCaseInput } from "@/lib/use-cases/schemas";
import type { Prisma, UseCase } from "@/lib/generated/prisma/client";

export const viewOfUseCase = (u: UseCase, defaultUseCaseId: string | null) => ({
  id: u.id,
  name: u.name,
  description: u.description,
  isDefault: u.id === defaultUseCaseId,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

const nameTaken = (name: string) => new AppError("CONFLICT", `A use case named "${name}" already exists`);

const audit = (
  principal: Principal,
  action: string,
  u: { id: string; name: string },
  tx: Prisma.TransactionClient,
  metadata: Prisma.InputJsonObject = {},
) =>
  recordAudit(
    {
      orgId: principal.orgId,
      ...actorOf(principal),
      action,
      targetType: "use_case",
      targetId: u.id,
      metadata: { name: u.name, ...metadata },
    },
    tx,
  );

async function defaultUseCaseId(orgId: string): Promise<string | null> {
  const org = await db().organization.findUnique({ where: { id: orgId }, select: { defaultUseCaseId: true } });
  return org?.defaultUseCaseId ?? null;
}

export async function listUseCases({ orgId, skip, take }: { orgId: string; skip: number; take: number }) {
  const where = { orgId };
  const [rows, total, defaultId] = await Promise.all([
    db().useCase.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
    db().useCase.count({ where }),
    defaultUseCaseId(orgId),
  ]);
  return { items: rows.map((u) => viewOfUseCase(u, defaultId)), total };
}

async function getUseCaseRowOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const row = await db().useCase.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("Use case");
  return row;
}

export async function getUseCaseOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const [row, defaultId] = await Promise.all([getUseCaseRowOrThrow({ orgId, id }), defaultUseCaseId(orgId)]);
  return viewOfUseCase(row, defaultId);
}

export async function createUseCase({ principal, input }: { principal: Principal; input: CreateUseCaseInput }) {
  try {
    const u = await db().$transaction(async (tx) => {
      const created = await tx.useCase.create({ data: { orgId: principal.orgId, name: input.name, description: input.description } });
      await audit(principal, "use_case.created", created, tx);
      return created;
    });
    return viewOfUseCase(u, null); // new: cannot be the default yet
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

export async function updateUseCase({ principal, id, input }: { principal: Principal; id: string; input: UpdateUseCaseInput }) {
  const existing = await getUseCaseRowOrThrow({ orgId: principal.orgId, id });
  try {
    const u = await db().$transaction(async (tx) => {
      const { count } = await tx.useCase.updateMany({ where: { id: existing.id, orgId: principal.orgId }, data: input });
      if (count === 0) throw notFound("Use case"); // deleted meanwhile
      const updated = await tx.useCase.findUniqueOrThrow({ where: { id: existing.id } });
      await audit(principal, "use_case.updated", updated, tx, {
        changes: Object.keys(input),
        ...(input.name !== undefined && input.name !== existing.name ? { previousName: existing.name } : {}),
      });
      return updated;
    });
    return viewOfUseCase(u, await defaultUseCaseId(principal.orgId));
  } catch (err) {
    if (isUniqueViolation(err) && input.name !== undefined) throw nameTaken(input.name);
    throw err;
  }
}

/** Deletes it; messages keep no use case (SET NULL) and the organization's default, if it was, is cleared. */
export async function deleteUseCase({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getUseCaseRowOrThrow({ orgId: principal.orgId, id });
  await db().$transaction(async (tx) => {
    const { count } = await tx.useCase.deleteMany({ where: { id: existing.id, orgId: principal.orgId } });
    if (count === 0) throw notFound("Use case"); // deleted meanwhile
    await audit(principal, "use_case.deleted", existing, tx);
  });
  return { id: existing.id, deleted: true as const };
}
