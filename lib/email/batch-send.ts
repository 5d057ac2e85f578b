// A batch: every item sent (or scheduled) on its own through the one send path (sendOrSchedule),
// so test mode, suppressions, verified senders, the allowance, failover, events, webhooks and the
// audit apply to each exactly as to a single send. The batch as a whole is checked first
// (batch-checks.ts); then an item refused or failing is reported in its own entry and the others
// still go. Once any item may have gone the answer must say which did, so an item's unexpected
// failure becomes its own INTERNAL_ERROR entry (logged) rather than failing the whole answer.
import type { Principal } from "@/lib/auth/principal";
import { asAppError } from "@/lib/http/respond";
import { requestFields } from "@/lib/log-context";
import { log } from "@/lib/log";
import { withIdempotency } from "@/lib/email/idempotency";
import { sendOrSchedule } from "@/lib/email/send-or-schedule";
import { assertBatchMayStart } from "@/lib/email/batch-checks";
import type { BatchEntry, BatchItem } from "@/lib/email/batch-schemas";
import { requestAttachmentBudget } from "@/lib/email/resolve-attachments";
import type { ByteBudget } from "@/lib/net/guarded-get";

/** Items in flight at once: enough to overlap each send's database and provider round trips,
 * few enough that one batch leaves the connection pools (5 per kind, raw-query.ts) to others. */
export const BATCH_CONCURRENCY = 5;

/** `run` over `items` with at most `limit` at once; the results in the items' order. */
async function mapBounded<T, R>(items: T[], limit: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function sendItem(principal: Principal, item: BatchItem, index: number, attachmentBudget: ByteBudget): Promise<BatchEntry> {
  try {
    return await sendOrSchedule(principal, item, attachmentBudget);
  } catch (err) {
    // An AppError is the item's refusal as a single send answers it; anything else is logged here.
    const e = asAppError(err, requestFields()?.requestId ?? "", `batch item ${index}`);
    return { error: e.message, code: e.code };
  }
}

export async function sendBatch({ principal, items }: { principal: Principal; items: BatchItem[] }): Promise<BatchEntry[]> {
  await assertBatchMayStart(principal, items);
  // Attachments fetched by URL count against one 40 MiB for the whole request, as a single send's do.
  const attachmentBudget = requestAttachmentBudget();
  return mapBounded(items, BATCH_CONCURRENCY, (item, i) => sendItem(principal, item, i, attachmentBudget));
}

/**
 * The batch under an Idempotency-Key (the whole body is the request): the same key and body
 * answer the first result without sending again. Should recording that result fail after the
 * items went, the caller still gets it (a retry with the key would then send again, as after
 * any answer that was lost): an answer naming what was sent beats a 500 that hides it.
 */
export async function sendBatchOnce(principal: Principal, key: string | null, items: BatchItem[]): Promise<BatchEntry[]> {
  let answered: BatchEntry[] | undefined;
  try {
    return await withIdempotency(principal.orgId, key, items, async () => (answered = await sendBatch({ principal, items })));
  } catch (err) {
    if (answered === undefined) throw err;
    log.error("a batch was sent but its Idempotency-Key could not record the answer", { err, orgId: principal.orgId });
    return answered;
  }
}
