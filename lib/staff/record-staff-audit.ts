// Every staff call leaves an account-level entry (projectId null) in the organization's own
// audit log, so the customer can see what the operator looked at or changed. Pass the
// transaction client with a change, so the change and its entry commit together.
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db/client";

export type StaffAction =
  | "staff.organization_viewed"
  | "staff.plan_changed"
  | "staff.allowance_changed"
  | "staff.key_rate_limit_set"
  | "staff.provider_created"
  | "staff.provider_status_changed";

interface StaffAuditEntry {
  orgId: string;
  action: StaffAction;
  /** Ties the entry to the request's logs. */
  requestId: string;
  targetType?: string;
  targetId?: string;
  metadata?: Prisma.InputJsonObject;
}

/** One field's change, as `metadata.changes[field]`. */
export type Change = { from: Prisma.InputJsonValue | null; to: Prisma.InputJsonValue | null };

export async function recordStaffAudit(entry: StaffAuditEntry, client?: Db | Prisma.TransactionClient): Promise<void> {
  const { requestId, metadata, ...rest } = entry;
  await recordAudit({ ...rest, projectId: null, actorType: "staff", actorId: null, metadata: { ...metadata, requestId } }, client);
}
