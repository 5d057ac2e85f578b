import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import { isUniqueViolation } from "@/lib/db/errors";
import type { CreateProjectInput } from "@/lib/projects/schemas";
import type { ActorType } from "@/lib/auth/principal";

interface Options {
  orgId: string;
  actor: { actorType: ActorType; actorId: string };
  input: CreateProjectInput;
}

export async function createProject({ orgId, actor, input }: Options) {
  try {
    return await db().$transaction(async (tx) => {
      const project = await tx.project.create({ data: { orgId, name: input.name } });
      await recordAudit(
        { orgId, projectId: project.id, ...actor, action: "project.created", targetType: "project", targetId: project.id },
        tx,
      );
      return project;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", `A project named "${input.name}" already exists`);
    throw err;
  }
}
