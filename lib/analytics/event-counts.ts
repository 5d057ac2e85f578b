// Event counts for a time range, by day, provider, type, bounce reason and use case: the hourly rollups
// for the whole hours inside the range, plus its partial first and last hours (planRange), plus
// the events not rolled up yet. Each event is counted exactly once, and the
// reports read a few thousand rows at most. Unique opens and clicks are counted the same way,
// from engagement_rollups and engagement_firsts. An edge in an hour whose events retention
// deleted is read as the whole hour or not at all (whole-hour-edges.ts, docs/retention.md).
import type { SnapshotQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { literal } from "@/lib/db/sql-literal";
import { EVENT_GROUPING, NO_PROJECT, NO_USE_CASE } from "@/lib/analytics/roll-up";
import { wholeHourEdges } from "@/lib/analytics/whole-hour-edges";

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

/** A span of rolled-up events read from email_events, added (+1) or taken away (-1). */
interface EventSpan {
  from: Date;
  fromInclusive: boolean;
  to: Date;
  toInclusive: boolean;
  sign: 1 | -1;
}

/** Whole UTC hours [from, to) read from the rollups. */
interface HourSpan {
  from: Date;
  to: Date;
}

const hourOf = (t: Date) => new Date(Math.floor(t.getTime() / HOUR_MS) * HOUR_MS);
const addMs = (t: Date, ms: number) => new Date(t.getTime() + ms);
const span = (from: Date, fromInclusive: boolean, to: Date, toInclusive: boolean, sign: 1 | -1): EventSpan => ({
  from,
  fromInclusive,
  to,
  toInclusive,
  sign,
});

/**
 * How the rolled-up part of [from, to] is read: whole hours from the rollups, and each partial
 * hour at an edge either as its own events or as the hour's rollup less the hour's events
 * outside the range — whichever part of the hour is shorter, counting only time up to `now`
 * (events happen up to now, so that is where rows are). A range ending now thus reads the
 * current hour's rollup and the few events after `to`, never every event of the hour, whose
 * number grows with the sending (bench/README.md, "What the mixed load shows"). Either way is
 * exact: an hour's rollup holds exactly its rolled-up events.
 */
export function planRange({ from, to }: { from: Date; to: Date }, now = new Date()): { hours: HourSpan[]; spans: EventSpan[] } {
  const fromHour = hourOf(from);
  const toHour = hourOf(to);
  /** Milliseconds of [a, b) that lie before now: a stand-in for how many events it holds. */
  const lived = (a: Date, b: Date) => Math.max(0, Math.min(b.getTime(), now.getTime()) - a.getTime());
  if (fromHour.getTime() === toHour.getTime()) {
    // One hour: [from, to] itself, or the hour less [hour, from) and (to, hour + 1h).
    const hourEnd = addMs(fromHour, HOUR_MS);
    if (lived(from, to) <= lived(fromHour, from) + lived(to, hourEnd)) return { hours: [], spans: [span(from, true, to, true, 1)] };
    return {
      hours: [{ from: fromHour, to: hourEnd }],
      spans: [span(fromHour, true, from, false, -1), span(to, false, hourEnd, false, -1)],
    };
  }
  const hours: HourSpan[] = [];
  const spans: EventSpan[] = [];
  // Head: [from, next hour), unless from is on the hour.
  let fullFrom = fromHour;
  if (from.getTime() !== fromHour.getTime()) {
    fullFrom = addMs(fromHour, HOUR_MS);
    if (lived(from, fullFrom) <= lived(fromHour, from)) spans.push(span(from, true, fullFrom, false, 1));
    else {
      hours.push({ from: fromHour, to: fullFrom });
      spans.push(span(fromHour, true, from, false, -1));
    }
  }
  if (fullFrom < toHour) hours.push({ from: fullFrom, to: toHour });
  // Tail: [to's hour, to], inclusive of to.
  const toHourEnd = addMs(toHour, HOUR_MS);
  if (lived(toHour, to) <= lived(to, toHourEnd)) spans.push(span(toHour, true, to, true, 1));
  else {
    hours.push({ from: toHour, to: toHourEnd });
    spans.push(span(to, false, toHourEnd, false, -1));
  }
  return { hours, spans };
}

const utcDate = (expr: Prisma.Sql) => Prisma.sql`((${expr} AT TIME ZONE 'UTC')::date)`;
const NO_USE_CASE_ID = Prisma.sql`${literal(NO_USE_CASE)}::uuid`;
const AFTER = { inclusive: Prisma.raw(">="), exclusive: Prisma.raw(">") };
const BEFORE = { inclusive: Prisma.raw("<="), exclusive: Prisma.raw("<") };
const at = (t: Date | string) => Prisma.sql`${new Date(t).toISOString()}::timestamptz`;

/**
 * What a plan reads from raw rows (their time in `time`, recorded at `created`): each partial
 * hour's rows already rolled up, added or taken away, then the rows of [from, to] not rolled up
 * yet. Shared by events and first engagements.
 */
function rawParts(
  plan: { spans: EventSpan[] },
  { from, to }: { from: Date; to: Date },
  watermark: Date | string,
  time: Prisma.Sql,
  created: Prisma.Sql,
): { bounds: Prisma.Sql; sign: 1 | -1 }[] {
  return [
    ...plan.spans.map((s) => ({
      bounds: Prisma.sql`${time} ${s.fromInclusive ? AFTER.inclusive : AFTER.exclusive} ${at(s.from)} AND ${time} ${s.toInclusive ? BEFORE.inclusive : BEFORE.exclusive} ${at(s.to)} AND ${created} < ${at(watermark)}`,
      sign: s.sign,
    })),
    // Not rolled up yet: read as they are.
    { bounds: Prisma.sql`${time} >= ${at(from)} AND ${time} <= ${at(to)} AND ${created} >= ${at(watermark)}`, sign: 1 as const },
  ];
}

interface Marks {
  /** What the rollups hold: rows created before it. */
  watermark: Date | string;
  /** The organization's events are deleted through this hour (retention); null when none were. */
  pruned_through: Date | string | null;
}

/** One snapshot's marks per organization: read once however many counts the snapshot makes. */
const marksRead = new WeakMap<SnapshotQuery, Map<string, Promise<Marks>>>();

function marksOf(query: SnapshotQuery, orgId: string): Promise<Marks> {
  let byOrg = marksRead.get(query);
  if (!byOrg) marksRead.set(query, (byOrg = new Map()));
  let marks = byOrg.get(orgId);
  if (!marks) {
    marks = query<Marks>(
      Prisma.sql`SELECT watermark, (SELECT hour FROM event_prune_marks WHERE org_id = ${orgId}::uuid) AS pruned_through FROM rollup_state WHERE id = 1`,
    ).then(([row]) => row);
    byOrg.set(orgId, marks);
  }
  return marks;
}

/**
 * Run inside readSnapshot: the watermark, the prune mark and the rollups and events they govern
 * must be read together. Every bound is a plain range on (org_id, occurred_at) or (org_id, hour),
 * so each part stays on its index whatever the plan.
 *
 * `byType` (the summary, which needs totals by type only): every row's provider, reason and use
 * case are left blank, so no event is joined to its message — a report ending now reads the
 * events of the last minute or two as they are, and that join was most of its cost.
 */
export async function countEvents(query: SnapshotQuery, range: Range, { byType = false }: { byType?: boolean } = {}): Promise<CountRow[]> {
  const { orgId, projectId } = range;
  const { watermark, pruned_through } = await marksOf(query, orgId);
  const counted = wholeHourEdges(range, pruned_through === null ? null : new Date(pruned_through));
  if (!counted) return [];
  const plan = planRange(counted);
  const blank = Prisma.sql`'' AS provider, e.type, '' AS reason, ${NO_USE_CASE_ID} AS use_case_id`;
  const events = (bounds: Prisma.Sql, sign: 1 | -1) => Prisma.sql`
     SELECT ${utcDate(Prisma.sql`e.occurred_at`)} AS day, ${byType ? blank : EVENT_GROUPING}, ${literal(sign)} * count(*)::int AS n
     FROM email_events e ${byType ? Prisma.empty : Prisma.sql`LEFT JOIN messages m ON m.id = e.message_id`}
     WHERE e.org_id = ${orgId}::uuid AND (${projectId}::uuid IS NULL OR coalesce(e.project_id, ${literal(NO_PROJECT)}::uuid) = ${projectId}::uuid) AND ${bounds}
     GROUP BY 1, 2, 3, 4, 5`;
  const parts = [
    ...plan.hours.map(
      (h) => Prisma.sql`
     SELECT ${utcDate(Prisma.sql`r.hour`)} AS day, ${byType ? Prisma.sql`'' AS provider, r.type, '' AS reason, ${NO_USE_CASE_ID} AS use_case_id` : Prisma.sql`r.provider, r.type, r.reason, r.use_case_id`}, sum(r.count)::int AS n
     FROM event_rollups r
     WHERE r.org_id = ${orgId}::uuid AND r.hour >= ${at(h.from)} AND r.hour < ${at(h.to)} AND (${projectId}::uuid IS NULL OR r.project_id = ${projectId}::uuid)
     GROUP BY 1, 2, 3, 4, 5`,
    ),
    ...rawParts(plan, counted, watermark, Prisma.sql`e.occurred_at`, Prisma.sql`e.created_at`).map((p) => events(p.bounds, p.sign)),
  ];
  const rows = await query<{ day: string; provider: string; type: string; reason: string; use_case_id: string; n: number }>(
    Prisma.sql`SELECT day::text AS day, provider, type, reason, use_case_id::text, sum(n)::int AS n
     FROM (${Prisma.join(parts, "\n       UNION ALL ")}) AS parts
     GROUP BY 1, 2, 3, 4, 5
     HAVING sum(n) <> 0`,
  );
  return rows.map((r) => ({
    day: r.day,
    provider: r.provider,
    type: r.type,
    reason: r.reason,
    useCaseId: r.use_case_id,
    count: Number(r.n),
  }));
}

/**
 * First opens and clicks by a person, by day, provider and (with `byUseCase`, from their
 * messages) use case: whole hours from engagement_rollups, partial edge hours and what is not
 * rolled up yet from engagement_firsts, planned as countEvents plans events. Retention never
 * deletes first engagements, so the range is read as it is (no whole-hour edges). Run inside
 * readSnapshot, as countEvents.
 */
export async function countEngagements(
  query: SnapshotQuery,
  { orgId, projectId, from, to }: Range,
  byUseCase = false,
): Promise<CountRow[]> {
  const { watermark } = await marksOf(query, orgId);
  const plan = planRange({ from, to });
  const useCase = byUseCase
    ? Prisma.sql`coalesce((SELECT use_case_id FROM messages WHERE id = f.message_id), ${NO_USE_CASE_ID})`
    : NO_USE_CASE_ID;
  const firsts = (bounds: Prisma.Sql, sign: 1 | -1) => Prisma.sql`
       SELECT ${utcDate(Prisma.sql`f.first_at`)} AS day, f.provider, f.kind, ${useCase} AS use_case_id, ${literal(sign)} * count(*)::int AS n
       FROM engagement_firsts f
       WHERE f.org_id = ${orgId}::uuid AND f.kind IN ('opened', 'clicked')
         AND (${projectId}::uuid IS NULL OR coalesce(f.project_id, ${literal(NO_PROJECT)}::uuid) = ${projectId}::uuid) AND ${bounds}
       GROUP BY 1, 2, 3, 4`;
  const parts = [
    ...plan.hours.map(
      (h) => Prisma.sql`
       SELECT ${utcDate(Prisma.sql`r.hour`)} AS day, r.provider, r.kind, ${byUseCase ? Prisma.sql`r.use_case_id` : NO_USE_CASE_ID} AS use_case_id, sum(r.count)::int AS n
       FROM engagement_rollups r
       WHERE r.org_id = ${orgId}::uuid AND r.hour >= ${at(h.from)} AND r.hour < ${at(h.to)} AND (${projectId}::uuid IS NULL OR r.project_id = ${projectId}::uuid)
       GROUP BY 1, 2, 3, 4`,
    ),
    ...rawParts(plan, { from, to }, watermark, Prisma.sql`f.first_at`, Prisma.sql`f.created_at`).map((p) => firsts(p.bounds, p.sign)),
  ];
  const rows = await query<{ day: string; provider: string; kind: string; use_case_id: string; n: number }>(
    Prisma.sql`SELECT day::text AS day, provider, kind, use_case_id::text, sum(n)::int AS n
     FROM (${Prisma.join(parts, "\n       UNION ALL ")}) AS parts
     GROUP BY 1, 2, 3, 4
     HAVING sum(n) <> 0`,
  );
  return rows.map((r) => ({
    day: r.day,
    provider: r.provider,
    type: `email.${r.kind}`,
    reason: "",
    useCaseId: r.use_case_id,
    count: Number(r.n),
  }));
}
