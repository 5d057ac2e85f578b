// The range a report covers, in the caller's organization; a project filter must be one of its
// projects (and a key bound to a project reports on that project only).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Principal } from "@/lib/auth/principal";
import type { Range } from "@/lib/analytics/event-counts";
import type { ReportQuery } from "@/lib/analytics/schemas";

export async function reportRange(principal: Principal, query: ReportQuery): Promise<Range> {
  const bound = principal.kind === "key" ? principal.projectId : null;
  if (bound && query.projectId && query.projectId !== bound) throw new AppError("PROJECT_NOT_FOUND", "Project not found");
  const projectId = bound ?? query.projectId;
  if (projectId && !(await db().project.findFirst({ where: { id: projectId, orgId: principal.orgId }, select: { id: true } }))) {
    throw new AppError("PROJECT_NOT_FOUND", "Project not found");
  }
  return { orgId: principal.orgId, projectId, from: query.from, to: query.to };
}
