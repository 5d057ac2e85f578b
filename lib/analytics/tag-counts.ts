// Counts for the messages carrying one tag (GET /api/v1/analytics/summary?tag=name:value). The
// hourly rollups do not know tags, so these read the tagged messages' own events and first
// engagements: the messages through the tags index, then each one's events through
// (message_id, occurred_at). Cost grows with the tagged messages of the range, not with the
// organization's whole history. Only events retention still keeps are counted (docs/retention.md).
import type { SnapshotQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { NO_USE_CASE } from "@/lib/analytics/roll-up";
import type { CountRow, Range } from "@/lib/analytics/event-counts";

const row = (type: string, count: number): CountRow => ({ day: "", provider: "", type, reason: "", useCaseId: NO_USE_CASE, count });

/** Event counts by type, and first opens and clicks by a person, of the messages tagged `tag` ("name:value"). */
export async function countTagged(
  query: SnapshotQuery,
  { orgId, projectId, from, to }: Range,
  tag: string,
): Promise<{ events: CountRow[]; engagements: CountRow[] }> {
  const fromAt = from.toISOString();
  const toAt = to.toISOString();
  const rows = await query<{ side: "events" | "engagements"; type: string; n: number }>(
    Prisma.sql`WITH tagged AS (
       SELECT id FROM messages WHERE org_id = ${orgId}::uuid AND tags @> ARRAY[${tag}::text] AND created_at <= ${toAt}::timestamptz
         AND (${projectId}::uuid IS NULL OR project_id = ${projectId}::uuid))
     SELECT 'events' AS side, e.type, count(*)::int AS n FROM tagged m JOIN email_events e ON e.message_id = m.id
       WHERE e.occurred_at >= ${fromAt}::timestamptz AND e.occurred_at <= ${toAt}::timestamptz GROUP BY 2
     UNION ALL
     SELECT 'engagements', 'email.' || f.kind, count(*)::int FROM tagged m JOIN engagement_firsts f ON f.message_id = m.id
       WHERE f.kind IN ('opened', 'clicked') AND f.first_at >= ${fromAt}::timestamptz AND f.first_at <= ${toAt}::timestamptz GROUP BY 2`,
  );
  const side = (s: "events" | "engagements") => rows.filter((r) => r.side === s).map((r) => row(r.type, Number(r.n)));
  return { events: side("events"), engagements: side("engagements") };
}
