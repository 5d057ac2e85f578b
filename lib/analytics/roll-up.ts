// Rolls events up into hourly counts (event_rollups, by project, provider, type, bounce reason and use case) in the background, so reports over
// months read a few thousand rows instead of millions; first opens and clicks likewise
// (engagement_rollups, by the hour of first_at). Everything created before the watermark is
// rolled up; reports add what was created after it (event-counts.ts). The watermark
// trails the clock by a minute, far longer than any statement that publishes events takes, so
// no event commits behind it. One roller at a time: the state row is locked. The new watermark
// is cut to the millisecond, as it and every created_at are stored: rounded only when stored, a row
// of its very millisecond would be rolled up below it and again from it by the next run.
import { z } from "zod";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { literal } from "@/lib/db/sql-literal";
import { defineJob } from "@/lib/jobs/define-job";

export const NO_PROJECT = "00000000-0000-0000-0000-000000000000";
/** The use case of events whose message had none (or no message). */
export const NO_USE_CASE = NO_PROJECT;

/** Hours in UTC, whatever the database session's time zone. */
export const utcHour = (expr: Prisma.Sql) => Prisma.sql`(date_trunc('hour', ${expr} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

/** The rollup's grouping of one event (its message as `m`), shared with the live part of the reports. */
export const EVENT_GROUPING = Prisma.sql`coalesce(m.provider_name, '') AS provider, e.type,
  CASE WHEN e.type = 'email.bounced' THEN coalesce(left(e.reason, 200), '') ELSE '' END AS reason,
  coalesce(m.use_case_id, ${literal(NO_USE_CASE)}::uuid) AS use_case_id`;

/** How far behind the clock the watermark stays. */
export const ROLL_UP_LAG_SECONDS = 60;

/** Returns how many hourly event buckets it touched. `lagSeconds` is smaller only in tests and benchmarks. */
export async function rollUpEvents(lagSeconds = ROLL_UP_LAG_SECONDS): Promise<number> {
  const rows = await rawQuery<{ rolled: number }>(
    Prisma.sql`WITH st AS (SELECT watermark AS old, date_trunc('milliseconds', now() - make_interval(secs => ${lagSeconds}::float8)) AS new FROM rollup_state WHERE id = 1 FOR UPDATE),
     agg AS (
       INSERT INTO event_rollups (org_id, hour, project_id, provider, type, reason, use_case_id, count)
       SELECT e.org_id, ${utcHour(Prisma.sql`e.occurred_at`)}, coalesce(e.project_id, ${literal(NO_PROJECT)}::uuid), ${EVENT_GROUPING}, count(*)::int
       FROM email_events e LEFT JOIN messages m ON m.id = e.message_id, st
       WHERE e.created_at >= st.old AND e.created_at < st.new AND st.new > st.old
       GROUP BY 1, 2, 3, 4, 5, 6, 7
       ON CONFLICT (org_id, hour, project_id, provider, type, reason, use_case_id) DO UPDATE SET count = event_rollups.count + excluded.count
       RETURNING count),
     engaged AS (
       INSERT INTO engagement_rollups (org_id, hour, project_id, provider, kind, use_case_id, count)
       SELECT f.org_id, ${utcHour(Prisma.sql`f.first_at`)}, coalesce(f.project_id, ${literal(NO_PROJECT)}::uuid), f.provider, f.kind,
         coalesce(m.use_case_id, ${literal(NO_USE_CASE)}::uuid), count(*)::int
       FROM engagement_firsts f LEFT JOIN messages m ON m.id = f.message_id, st
       WHERE f.created_at >= st.old AND f.created_at < st.new AND st.new > st.old
       GROUP BY 1, 2, 3, 4, 5, 6
       ON CONFLICT (org_id, hour, project_id, provider, kind, use_case_id) DO UPDATE SET count = engagement_rollups.count + excluded.count
       RETURNING count),
     moved AS (UPDATE rollup_state SET watermark = st.new FROM st WHERE id = 1 AND st.new > st.old RETURNING 1)
     SELECT (SELECT count(*) FROM agg)::int AS rolled`,
  );
  return Number(rows[0]?.rolled ?? 0);
}

export const rollUpEventsJob = defineJob({
  name: "analytics.roll-up",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: 60,
  timed: { everyMs: 5_000 }, // reports add what is not rolled up yet: this keeps their live part small
  async run() {
    await rollUpEvents();
  },
});
