// Event counts for a time range, by day, provider, type and bounce reason: the hourly rollups
// for the whole hours inside the range, plus the rolled-up events in its partial first and
// last hours, plus the events not rolled up yet. Each event is counted exactly once, and the
// reports read a few thousand rows at most. Unique opens and clicks come from
// engagement_firsts (a range count over an index).
import { rawQuery } from "@/lib/db/raw-query";
import { EVENT_GROUPING, NO_PROJECT, utcDay, utcHour } from "@/lib/analytics/roll-up";

export interface CountRow {
  day: string; // YYYY-MM-DD, UTC
  provider: string;
  type: string;
  reason: string;
  count: number;
}

export interface Range {
  orgId: string;
  projectId: string | null;
  from: Date;
  to: Date;
}


export async function countEvents({ orgId, projectId, from, to }: Range): Promise<CountRow[]> {
  const rows = await rawQuery<{ day: string; provider: string; type: string; reason: string; n: number }>(
    `WITH st AS (SELECT watermark FROM rollup_state WHERE id = 1),
     b AS (SELECT $2::timestamptz AS f, $3::timestamptz AS t,
             CASE WHEN ${utcHour("$2::timestamptz")} = $2::timestamptz THEN $2::timestamptz ELSE ${utcHour("$2::timestamptz")} + interval '1 hour' END AS fh,
             ${utcHour("$3::timestamptz")} AS th)
     SELECT ${utcDay("r.hour")} AS day, r.provider, r.type, r.reason, sum(r.count)::int AS n
     FROM event_rollups r, b
     WHERE r.org_id = $1::uuid AND r.hour >= b.fh AND r.hour < b.th AND ($4::uuid IS NULL OR r.project_id = $4::uuid)
     GROUP BY 1, 2, 3, 4
     UNION ALL
     SELECT ${utcDay("e.occurred_at")}, ${EVENT_GROUPING}, count(*)::int
     FROM email_events e LEFT JOIN messages m ON m.id = e.message_id, b, st
     WHERE e.org_id = $1::uuid AND ($4::uuid IS NULL OR coalesce(e.project_id, '${NO_PROJECT}'::uuid) = $4::uuid)
       AND e.created_at < st.watermark
       AND CASE WHEN b.fh < b.th
             THEN (e.occurred_at >= b.f AND e.occurred_at < b.fh) OR (e.occurred_at >= b.th AND e.occurred_at <= b.t)
             ELSE e.occurred_at >= b.f AND e.occurred_at <= b.t END
     GROUP BY 1, 2, 3, 4
     UNION ALL
     SELECT ${utcDay("e.occurred_at")}, ${EVENT_GROUPING}, count(*)::int
     FROM email_events e LEFT JOIN messages m ON m.id = e.message_id, b, st
     WHERE e.created_at >= st.watermark AND e.org_id = $1::uuid AND ($4::uuid IS NULL OR coalesce(e.project_id, '${NO_PROJECT}'::uuid) = $4::uuid)
       AND e.occurred_at >= b.f AND e.occurred_at <= b.t
     GROUP BY 1, 2, 3, 4`,
    [orgId, from.toISOString(), to.toISOString(), projectId],
  );
  return rows.map((r) => ({ day: r.day, provider: r.provider, type: r.type, reason: r.reason, count: Number(r.n) }));
}

/** First opens and clicks by a person, by day and provider. */
export async function countEngagements({ orgId, projectId, from, to }: Range): Promise<CountRow[]> {
  const rows = await rawQuery<{ day: string; provider: string; kind: string; n: number }>(
    `SELECT ${utcDay("first_at")} AS day, provider, kind, count(*)::int AS n
     FROM engagement_firsts
     WHERE org_id = $1::uuid AND kind IN ('opened', 'clicked') AND first_at >= $2::timestamptz AND first_at <= $3::timestamptz
       AND ($4::uuid IS NULL OR project_id = $4::uuid)
     GROUP BY 1, 2, 3`,
    [orgId, from.toISOString(), to.toISOString(), projectId],
  );
  return rows.map((r) => ({ day: r.day, provider: r.provider, type: `email.${r.kind}`, reason: "", count: Number(r.n) }));
}
