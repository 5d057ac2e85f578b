// Event counts for a time range, by day, provider, type, bounce reason and use case: the hourly rollups
// for the whole hours inside the range, plus the rolled-up events in its partial first and
// last hours, plus the events not rolled up yet. Each event is counted exactly once, and the
// reports read a few thousand rows at most. Unique opens and clicks come from
// engagement_firsts (a range count over an index).
import type { SnapshotQuery } from "@/lib/db/raw-query";
import { EVENT_GROUPING, NO_PROJECT, NO_USE_CASE } from "@/lib/analytics/roll-up";

export interface CountRow {
  day: string; // YYYY-MM-DD, UTC
  provider: string;
  type: string;
  reason: string;
  /** The message's use case; NO_USE_CASE when it had none. */
  useCaseId: string;
  count: number;
}

export interface Range {
  orgId: string;
  projectId: string | null;
  from: Date;
  to: Date;
}


const HOUR_MS = 3_600_000;

/**
 * The range split at whole UTC hours: [from, fh) and [th, to] are read from the events, [fh, th)
 * from the rollups. A range inside one hour has no whole hours: all of it is read from events.
 * Plain bounds (no CASE) keep both edge reads on the (org_id, occurred_at) index, whatever
 * plan a prepared statement settles on.
 */
function split({ from, to }: Range) {
  const fh = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
  const th = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
  return fh < th ? { headEnd: fh, fullFrom: fh, fullTo: th, tailFrom: th } : { headEnd: from, fullFrom: th, fullTo: th, tailFrom: from };
}

const utcDate = (expr: string) => `((${expr} AT TIME ZONE 'UTC')::date)`;

/** Run inside readSnapshot: the watermark and the rollups it governs must be read together. */
export async function countEvents(query: SnapshotQuery, range: Range): Promise<CountRow[]> {
  const { orgId, projectId, from, to } = range;
  const s = split(range);
  const [{ watermark }] = await query<{ watermark: Date | string }>(`SELECT watermark FROM rollup_state WHERE id = 1`);
  const events = (bounds: string) => `
     SELECT ${utcDate("e.occurred_at")} AS day, ${EVENT_GROUPING}, count(*)::int AS n
     FROM email_events e LEFT JOIN messages m ON m.id = e.message_id
     WHERE e.org_id = $1::uuid AND ($2::uuid IS NULL OR coalesce(e.project_id, '${NO_PROJECT}'::uuid) = $2::uuid) AND ${bounds}
     GROUP BY 1, 2, 3, 4, 5`;
  const rows = await query<{ day: string; provider: string; type: string; reason: string; use_case_id: string; n: number }>(
    `WITH parts AS (
       SELECT ${utcDate("r.hour")} AS day, r.provider, r.type, r.reason, r.use_case_id, sum(r.count)::int AS n
       FROM event_rollups r
       WHERE r.org_id = $1::uuid AND r.hour >= $5::timestamptz AND r.hour < $6::timestamptz AND ($2::uuid IS NULL OR r.project_id = $2::uuid)
       GROUP BY 1, 2, 3, 4, 5
       UNION ALL ${events("e.occurred_at >= $3::timestamptz AND e.occurred_at < $7::timestamptz AND e.created_at < $9::timestamptz")}
       UNION ALL ${events("e.occurred_at >= $8::timestamptz AND e.occurred_at <= $4::timestamptz AND e.created_at < $9::timestamptz")}
       UNION ALL ${events("e.occurred_at >= $3::timestamptz AND e.occurred_at <= $4::timestamptz AND e.created_at >= $9::timestamptz")})
     SELECT day::text AS day, provider, type, reason, use_case_id::text, n FROM parts`,
    [orgId, projectId, from.toISOString(), to.toISOString(), s.fullFrom.toISOString(), s.fullTo.toISOString(), s.headEnd.toISOString(), s.tailFrom.toISOString(), new Date(watermark).toISOString()],
  );
  return rows.map((r) => ({ day: r.day, provider: r.provider, type: r.type, reason: r.reason, useCaseId: r.use_case_id, count: Number(r.n) }));
}

/** First opens and clicks by a person, by day, provider and (with `byUseCase`, from their messages) use case. */
export async function countEngagements(query: SnapshotQuery, { orgId, projectId, from, to }: Range, byUseCase = false): Promise<CountRow[]> {
  const useCase = byUseCase ? `coalesce((SELECT use_case_id FROM messages WHERE id = f.message_id), '${NO_USE_CASE}'::uuid)` : `'${NO_USE_CASE}'::uuid`;
  const rows = await query<{ day: string; provider: string; kind: string; use_case_id: string; n: number }>(
    `SELECT day::text AS day, provider, kind, use_case_id::text, n FROM (
       SELECT ${utcDate("f.first_at")} AS day, f.provider, f.kind, ${useCase} AS use_case_id, count(*)::int AS n
       FROM engagement_firsts f
       WHERE f.org_id = $1::uuid AND f.kind IN ('opened', 'clicked') AND f.first_at >= $2::timestamptz AND f.first_at <= $3::timestamptz
         AND ($4::uuid IS NULL OR f.project_id = $4::uuid)
       GROUP BY 1, 2, 3, 4) AS g`,
    [orgId, from.toISOString(), to.toISOString(), projectId],
  );
  return rows.map((r) => ({ day: r.day, provider: r.provider, type: `email.${r.kind}`, reason: "", useCaseId: r.use_case_id, count: Number(r.n) }));
}
