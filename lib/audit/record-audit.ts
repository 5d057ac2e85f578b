// Appends one audit entry. Pass the transaction client when the audited change is in one,
// so the entry and the change commit together.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db, type Db } from "@/lib/db/client";
import type { ActorType } from "@/lib/auth/principal";

export interface AuditEntry {
  orgId: string;
  projectId?: string | null;
  /** "staff": the operator's staff API (account-level). */
  actorType: ActorType | "staff";
  actorId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  sendMode?: string;
  recipientCount?: number;
  outcome?: string;
  metadata?: Prisma.InputJsonObject;
}

type Client = Db | Prisma.TransactionClient;

export async function recordAudit(entry: AuditEntry, client: Client = db()): Promise<void> {
  await client.auditLog.create({ data: { ...entry, metadata: entry.metadata ?? {} } });
}
