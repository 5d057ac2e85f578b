// The delivery lane's part of the sweep (maintenance.sweep-jobs, every minute under either
// engine): a delivery whose last attempt was made but never recorded is failed for good, and
// those whose announcement was lost (an Inngest send that failed, a function that gave up) or
// whose worker died mid-attempt are returned, to be announced again.
import { Prisma } from "@/lib/generated/prisma/client";
import { rawQuery } from "@/lib/db/raw-query";
import { MAX_ATTEMPTS } from "@/lib/webhooks/retry-schedule";

const OVERDUE_SECONDS = 30;

export async function sweepDeliveries(): Promise<{ failed: number; overdue: string[] }> {
  const failed = await rawQuery(Prisma.sql`
    UPDATE webhook_deliveries SET status = 'failed', completed_at = now(), lease_until = NULL,
      last_error = coalesce(last_error, 'the last attempt was made but its outcome was never recorded')
    WHERE status = 'delivering' AND lease_until < now() AND attempts >= ${MAX_ATTEMPTS}
    RETURNING id`);
  const overdue = await rawQuery<{ id: string }>(Prisma.sql`
    SELECT id::text FROM webhook_deliveries
    WHERE status IN ('pending', 'delivering') AND next_attempt_at < now() - make_interval(secs => ${OVERDUE_SECONDS})
      AND (status = 'pending' OR lease_until < now())
    ORDER BY next_attempt_at LIMIT 5000`);
  return { failed: failed.length, overdue: overdue.map((r) => r.id) };
}
