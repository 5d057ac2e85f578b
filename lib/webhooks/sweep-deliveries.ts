// Deliveries whose announcement was lost (an Inngest send that failed, a function that gave
// up) or whose worker died mid-attempt are announced again; one whose last attempt was made
// but never recorded is failed for good. Every minute, on either runner.
import { z } from "zod";
import { rawQuery } from "@/lib/db/raw-query";
import { defineJob } from "@/lib/jobs/define-job";
import { MAX_ATTEMPTS } from "@/lib/webhooks/retry-schedule";
import { announceDeliveries } from "@/lib/webhooks/announce";

const OVERDUE_SECONDS = 30;

export async function sweepDeliveries(): Promise<{ failed: number; announced: number }> {
  const failed = await rawQuery(
    `UPDATE webhook_deliveries SET status = 'failed', completed_at = now(), lease_until = NULL,
       last_error = coalesce(last_error, 'the last attempt was made but its outcome was never recorded')
     WHERE status = 'delivering' AND lease_until < now() AND attempts >= ${MAX_ATTEMPTS}
     RETURNING id`,
  );
  const overdue = await rawQuery<{ id: string }>(
    `SELECT id::text FROM webhook_deliveries
     WHERE status IN ('pending', 'delivering') AND next_attempt_at < now() - interval '${OVERDUE_SECONDS} seconds'
       AND (status = 'pending' OR lease_until < now())
     ORDER BY next_attempt_at LIMIT 5000`,
  );
  await announceDeliveries(overdue.map((r) => r.id));
  return { failed: failed.length, announced: overdue.length };
}

export const sweepDeliveriesJob = defineJob({
  name: "webhooks.sweep",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: 60,
  async run() {
    await sweepDeliveries();
  },
});
