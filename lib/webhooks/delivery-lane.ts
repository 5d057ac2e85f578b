// Webhook deliveries as a lane of the one runner (lib/jobs/runner.ts): the rows are claimed
// 200 at a time under a lease (delivery-store.ts), up to 256 attempts are in flight at once, so
// a slow endpoint never holds up the others, and outcomes are recorded 100 to a statement (or
// 10 ms after the first settles). Backoff is the webhook retry schedule (retry-schedule.ts:
// about base x 1, 2, 4, 8, 16 s, Retry-After honoured), decided per attempt (attempt-delivery.ts)
// and kept in the row's next_attempt_at. On Inngest the lane is a fan-out function and one
// function per delivery, sleeping until each retry is due (inngest/functions.ts).
import { defineLane } from "@/lib/jobs/lane";
import { log } from "@/lib/log";
import { claimDueDeliveries, recordOutcomes, type AttemptOutcome } from "@/lib/webhooks/delivery-store";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { runDeliveryAttempt } from "@/lib/webhooks/run-delivery-attempt";
import { sweepDeliveries } from "@/lib/webhooks/sweep-deliveries";
import { DELIVERY_LANE } from "@/lib/webhooks/announce";
import { MAX_ATTEMPTS } from "@/lib/webhooks/retry-schedule";

/** Records a batch; one bad outcome must not lose the rest (they would be sent again), so a failed batch is recorded one by one. */
async function recordBatch(batch: AttemptOutcome[]): Promise<void> {
  const disabled = await recordOutcomes(batch).catch(async (err) => {
    log.error("recording a batch of deliveries failed; recording them one by one", { err, count: batch.length });
    const each = await Promise.all(
      batch.map((o) =>
        recordOutcomes([o]).catch((e) => (log.error("recording a delivery's outcome failed", { err: e, deliveryId: o.deliveryId }), [])),
      ),
    );
    return each.flat();
  });
  if (disabled.length) log.warn("webhook endpoints disabled after repeated failures", { endpoints: disabled });
}

export const deliveryLane = defineLane({
  name: DELIVERY_LANE,
  concurrency: 256,
  batchSize: 200,
  claim: (limit) => claimDueDeliveries(limit),
  run: attemptDelivery,
  record: { size: 100, flushMs: 10, write: recordBatch },
  retryAt: (o) => (o.next === "pending" ? o.nextAttemptAt : null),
  async sweep() {
    const { overdue } = await sweepDeliveries();
    return overdue.map((id) => ({ id }));
  },
  inngest: {
    item: "delivery",
    maxAttempts: MAX_ATTEMPTS,
    runById: (id) => runDeliveryAttempt(id),
    retryAt: (step) => (step.next === "pending" ? step.nextAttemptAt : null),
  },
});
