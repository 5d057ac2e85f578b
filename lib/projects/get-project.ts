import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";

/** A project of the organization; another organization's project is "not found". */
export async function getProjectOrThrow({ orgId, projectId }: { orgId: string; projectId: string }) {
  const project = await db().project.findFirst({ where: { id: projectId, orgId } });
  if (!project) throw notFound("Project");
  return project;
}
