// Sends and their outcomes by use case (the message's use_case_id, recorded when the send
// was opened): the same event counts as the other reports, grouped by use case, plus how each
// use case was attributed (named by the send, or the organization's default).
import { readSnapshot } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { literal } from "@/lib/db/sql-literal";
import { countEngagements, countEvents, type CountRow, type Range } from "@/lib/analytics/event-counts";
import { NO_USE_CASE } from "@/lib/analytics/roll-up";
import { rate, totals } from "@/lib/analytics/reports";

export async function useCaseReport(range: Range) {
  const { events, engagements, names, attribution } = await readSnapshot(async (query) => ({
    events: await countEvents(query, range),
    engagements: await countEngagements(query, range, true),
    names: await query<{ id: string; name: string }>(Prisma.sql`SELECT id::text, name FROM use_cases WHERE org_id = ${range.orgId}::uuid`),
    attribution: await query<{ use_case_id: string; explicit: number; by_default: number }>(
      Prisma.sql`SELECT coalesce(use_case_id, ${literal(NO_USE_CASE)}::uuid)::text AS use_case_id,
         count(*) FILTER (WHERE use_case_attribution = 'explicit')::int AS explicit,
         count(*) FILTER (WHERE use_case_attribution = 'default')::int AS by_default
       FROM messages
       WHERE org_id = ${range.orgId}::uuid AND created_at >= ${range.from.toISOString()}::timestamptz AND created_at <= ${range.to.toISOString()}::timestamptz
         AND status = 'sent' AND (${range.projectId}::uuid IS NULL OR project_id = ${range.projectId}::uuid)
       GROUP BY 1`,
    ),
  }));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const attributed = new Map(attribution.map((a) => [a.use_case_id, a]));
  const groups = new Map<string, { events: CountRow[]; engagements: CountRow[] }>();
  const group = (id: string) => groups.get(id) ?? groups.set(id, { events: [], engagements: [] }).get(id)!;
  events.forEach((r) => group(r.useCaseId).events.push(r));
  engagements.forEach((r) => group(r.useCaseId).engagements.push(r));
  return {
    useCases: [...groups]
      .map(([id, g]) => {
        const t = totals(g.events, g.engagements);
        const none = id === NO_USE_CASE;
        return {
          useCaseId: none ? null : id,
          // A use case deleted since keeps its counts under its id; its name is gone.
          name: none ? null : (nameOf.get(id) ?? null),
          ...t,
          explicit: attributed.get(id)?.explicit ?? 0,
          byDefault: attributed.get(id)?.by_default ?? 0,
          deliveryRate: rate(t.delivered, t.sent),
          openRate: rate(t.opened, t.sent),
          clickRate: rate(t.clicked, t.sent),
          bounceRate: rate(t.bounced, t.sent),
        };
      })
      .sort((a, b) => b.sent - a.sent || (a.name ?? "").localeCompare(b.name ?? "")),
  };
}
