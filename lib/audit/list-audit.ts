// One project's send audit (SPEC GET /api/audit): its entries plus account-level ones,
// newest first. A project the caller cannot open is PROJECT_NOT_FOUND.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditQuery } from "@/lib/audit/schemas";

export async function listAudit({ orgId, query }: { orgId: string; query: AuditQuery }) {
  const project = await db().project.findFirst({ where: { id: query.projectId, orgId }, select: { id: true } });
  if (!project) throw new AppError("PROJECT_NOT_FOUND", "Project not found");
  const where: Prisma.AuditLogWhereInput = {
    orgId,
    OR: [{ projectId: project.id }, { projectId: null }],
    ...(query.sendMode ? { sendMode: query.sendMode } : {}),
    ...(query.startDate || query.endDate ? { createdAt: { gt: query.startDate, lt: query.endDate } } : {}),
  };
  const [entries, total] = await Promise.all([
    db().auditLog.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: query.offset, take: query.limit }),
    db().auditLog.count({ where }),
  ]);
  return { entries, total, limit: query.limit, offset: query.offset };
}
