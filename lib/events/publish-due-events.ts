// Scheduled events (the demo provider's) are published when their time comes: due rows are
// taken off scheduled_events and published in one statement, in batches. The embedded
// delivery runner calls this on every round; with Inngest, a recurring job does.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { EVENT_COLUMNS, PUBLISH_CTES } from "@/lib/events/publish-events";
import { announceDeliveries } from "@/lib/webhooks/announce";

export async function publishDueEvents(limit = 500): Promise<number> {
  const rows = await rawQuery<{ published: number; deliveries: string[] | null }>(
    Prisma.sql`WITH incoming AS (
       DELETE FROM scheduled_events WHERE id IN (
         SELECT id FROM scheduled_events WHERE occurred_at <= now() ORDER BY occurred_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
       RETURNING ${EVENT_COLUMNS}),
     ${PUBLISH_CTES}
     SELECT (SELECT count(*)::int FROM incoming) AS published, (SELECT array_agg(id::text) FROM fanned) AS deliveries`,
  );
  await announceDeliveries(rows[0].deliveries ?? []);
  return Number(rows[0].published);
}
