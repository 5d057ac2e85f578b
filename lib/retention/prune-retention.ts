// One retention run (docs/retention.md): message bodies first (they matter most to the people
// they concern), then expired idempotency records, finished webhook deliveries, events (after
// the deliveries that point at them) and audit entries, each kind with its own cutoff and in
// bounded batches, all within one time budget. What the budget leaves, the next run does. Each
// kind runs over the whole instance with the instance's cutoff, then once more for each
// organization that keeps it for less time (organization-retention.ts), with that one's cutoff.
import { retentionSettings, type RetentionSettings } from "@/lib/retention/retention-settings";
import { retentionCutoff } from "@/lib/retention/retention-cutoff";
import type { BatchLimits, BatchOutcome, RetentionStep } from "@/lib/retention/run-batches";
import { keptDays, organizationsKeepingLess, RETENTION_KINDS, type RetentionKind } from "@/lib/retention/organization-retention";
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
  const organizations = await organizationsKeepingLess(s);
  /** The step over the instance, then over each organization keeping `kind` for less time; null when nothing of the kind is ever deleted. */
  const within = async (kind: RetentionKind, step: RetentionStep): Promise<BatchOutcome | null> => {
    const { column, setting } = RETENTION_KINDS[kind];
    const passes = [{ orgId: null as string | null, days: s[setting] }];
    for (const org of organizations) {
      const days = keptDays(org[column], s[setting]);
      if (org[column] !== null && days !== s[setting]) passes.push({ orgId: org.id, days: days ?? 0 });
    }
    let total: BatchOutcome | null = null;
    for (const { orgId, days } of passes) {
      const before = retentionCutoff(days, now);
      if (!before) continue;
      const outcome = await step(before, limits, orgId);
      total = total
        ? { rows: total.rows + outcome.rows, batches: total.batches + outcome.batches, complete: total.complete && outcome.complete }
        : outcome;
    }
    return total;
  };
  // In this order, one after the other (the object's fields are evaluated in turn).
  return {
    scheduledBodies: await within("messageBodies", blankScheduledBodies),
    inboundBodies: await within("messageBodies", blankInboundBodies),
    sentBodies: await within("messageBodies", blankMessageBodies),
    idempotencyKeys: await pruneIdempotencyKeys(now, limits),
    webhookDeliveries: await within("webhookDeliveries", pruneWebhookDeliveries),
    events: await within("events", pruneEvents),
    auditLogs: await within("audit", pruneAuditLogs),
  };
}
