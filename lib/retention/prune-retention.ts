// One retention run (docs/retention.md): message bodies first (they matter most to the people
// they concern), then expired idempotency records, finished webhook deliveries, events (after
// the deliveries that point at them) and audit entries, each kind with its own cutoff and in
// bounded batches, all within one time budget. What the budget leaves, the next run does.
import { retentionSettings, type RetentionSettings } from "@/lib/retention/retention-settings";
import { retentionCutoff } from "@/lib/retention/retention-cutoff";
import type { BatchLimits, BatchOutcome } from "@/lib/retention/run-batches";
import { blankScheduledBodies } from "@/lib/retention/blank-scheduled-bodies";
import { blankInboundBodies } from "@/lib/retention/blank-inbound-bodies";
import { blankMessageBodies } from "@/lib/retention/blank-message-bodies";
import { pruneIdempotencyKeys } from "@/lib/retention/prune-idempotency-keys";
import { pruneWebhookDeliveries } from "@/lib/retention/prune-webhook-deliveries";
import { pruneEvents } from "@/lib/retention/prune-events";
import { pruneAuditLogs } from "@/lib/retention/prune-audit-logs";

/** Rows per statement: a few tens of milliseconds of work, so locks are short. */
export const RETENTION_BATCH_SIZE = 5_000;
/** Work per run; the job runs every 15 minutes, so a backlog drains at about 4 minutes an hour. */
export const RETENTION_BUDGET_MS = 60_000;

export interface RetentionOptions {
  settings?: RetentionSettings;
  now?: number;
  batchSize?: number;
  budgetMs?: number;
}

/** Per kind, what the run did; null where that kind is kept forever (0 days). */
export interface RetentionSummary {
  scheduledBodies: BatchOutcome | null;
  inboundBodies: BatchOutcome | null;
  sentBodies: BatchOutcome | null;
  idempotencyKeys: BatchOutcome;
  webhookDeliveries: BatchOutcome | null;
  events: BatchOutcome | null;
  auditLogs: BatchOutcome | null;
}

export async function pruneRetention(opts: RetentionOptions = {}): Promise<RetentionSummary> {
  const s = opts.settings ?? retentionSettings();
  const now = opts.now ?? Date.now();
  const limits: BatchLimits = {
    batchSize: opts.batchSize ?? RETENTION_BATCH_SIZE,
    deadline: Date.now() + (opts.budgetMs ?? RETENTION_BUDGET_MS),
  };
  const within = async (days: number, prune: (before: Date, limits: BatchLimits) => Promise<BatchOutcome>) => {
    const before = retentionCutoff(days, now);
    return before ? prune(before, limits) : null;
  };
  // In this order, one after the other (the object's fields are evaluated in turn).
  return {
    scheduledBodies: await within(s.messageBodiesDays, blankScheduledBodies),
    inboundBodies: await within(s.messageBodiesDays, blankInboundBodies),
    sentBodies: await within(s.messageBodiesDays, blankMessageBodies),
    idempotencyKeys: await pruneIdempotencyKeys(now, limits),
    webhookDeliveries: await within(s.webhookDeliveriesDays, pruneWebhookDeliveries),
    events: await within(s.eventsDays, pruneEvents),
    auditLogs: await within(s.auditDays, pruneAuditLogs),
  };
}
