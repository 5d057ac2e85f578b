// An audit entry written by a statement of its own making (the send's outcome, message-store.ts),
// so the entry commits with what it records.
import { Prisma } from "@/lib/generated/prisma/client";
import type { AuditEntry } from "@/lib/audit/record-audit";

/** INSERT of `entry` into audit_logs, when `condition` holds. */
export function insertAudit(entry: AuditEntry, condition: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`INSERT INTO audit_logs (id, org_id, project_id, actor_type, actor_id, action, target_type, target_id, send_mode,
      recipient_count, outcome, metadata)
    SELECT gen_random_uuid(), ${entry.orgId}::uuid, ${entry.projectId ?? null}::uuid, ${entry.actorType}::text, ${entry.actorId ?? null}::text,
      ${entry.action}::text, ${entry.targetType ?? null}::text, ${entry.targetId ?? null}::text, ${entry.sendMode ?? null}::text,
      ${entry.recipientCount ?? null}::int, ${entry.outcome ?? "success"}::text, ${JSON.stringify(entry.metadata ?? {})}::jsonb
    WHERE ${condition}`;
}
