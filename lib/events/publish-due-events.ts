// Scheduled events (the demo provider's) are published when their time comes: due rows are
// taken off scheduled_events and published in one statement, in batches. The embedded
// delivery runner calls this on every round; with Inngest, a recurring job does.
import { rawQuery } from "@/lib/db/raw-query";
import { EVENT_COLUMNS, publishCtes } from "@/lib/events/publish-events";
import { announceDeliveries } from "@/lib/webhooks/announce";

export async function publishDueEvents(limit = 500): Promise<number> {
  const rows = await rawQuery<{ published: number; deliveries: string[] | null }>(
    `WITH due AS (
       DELETE FROM scheduled_events WHERE id IN (
         SELECT id FROM scheduled_events WHERE occurred_at <= now() ORDER BY occurred_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${EVENT_COLUMNS}),
     ${publishCtes("due")}
     SELECT (SELECT count(*)::int FROM due) AS published, (SELECT array_agg(id::text) FROM fanned) AS deliveries`,
    [limit],
  );
  await announceDeliveries(rows[0].deliveries ?? []);
  return Number(rows[0].published);
}
