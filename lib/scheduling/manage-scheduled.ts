// Listing, reading and cancelling scheduled emails. A key bound to one project sees only that
// project's; another organization's is "not found". Cancelling is one conditional update, so
// it never races the send into both "cancelled" and sent.
import { db } from "@/lib/db/client";
import { isUuid } from "@/lib/db/uuid";
import { rawQuery } from "@/lib/db/raw-query";
import { notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { Prisma } from "@/lib/generated/prisma/client";

function scopeOf(principal: Principal): Prisma.ScheduledEmailWhereInput {
  const project = principal.kind === "key" ? principal.projectId : null;
  return project ? { orgId: principal.orgId, projectId: project } : { orgId: principal.orgId };
}

/** Newest first. */
export async function listScheduled({ principal, skip, take }: { principal: Principal; skip: number; take: number }) {
  const where = scopeOf(principal);
  const [items, total] = await Promise.all([
    db().scheduledEmail.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
    db().scheduledEmail.count({ where }),
  ]);
  return { items, total };
}

export async function getScheduledOrThrow({ principal, id }: { principal: Principal; id: string }) {
  const row = isUuid(id) ? await db().scheduledEmail.findFirst({ where: { ...scopeOf(principal), id } }) : null;
  if (!row) throw notFound("Scheduled email");
  return row;
}

/** {cancelled: true} only for an email still waiting; anything else (sending, sent…) false. */
export async function cancelScheduled({ principal, id }: { principal: Principal; id: string }): Promise<{ cancelled: boolean }> {
  const row = await getScheduledOrThrow({ principal, id });
  const cancelled = await rawQuery(
    Prisma.sql`UPDATE scheduled_emails SET status = 'cancelled', updated_at = now() WHERE id = ${row.id}::uuid AND status = 'scheduled' RETURNING id`,
  );
  if (cancelled.length === 0) return { cancelled: false };
  await recordAudit({
    orgId: principal.orgId,
    projectId: row.projectId,
    ...actorOf(principal),
    action: "email.schedule_cancelled",
    targetType: "scheduled_email",
    targetId: row.id,
    metadata: { scheduledFor: row.scheduledFor.toISOString() },
  });
  return { cancelled: true };
}
