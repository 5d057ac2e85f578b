// SPEC's analytics reports, from event counts (event-counts.ts): totals, rates as fractions of
// sent with two decimals, bounces by reason and provider, daily stats and provider breakdown.
// Opened and clicked count recipients who opened or clicked, bots left out.
import { readSnapshot } from "@/lib/db/raw-query";
import { countEngagements, countEvents, type CountRow, type Range } from "@/lib/analytics/event-counts";
import { countTagged } from "@/lib/analytics/tag-counts";

export const rate = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 100) / 100);
const sum = (rows: CountRow[], type: string) => rows.reduce((n, r) => n + (r.type === type ? r.count : 0), 0);

/** Event counts (by type only, with `byType`) and first engagements, from one snapshot. */
function counts(range: Range, byType = false) {
  return readSnapshot(async (query) => ({
    events: await countEvents(query, range, { byType }),
    engagements: await countEngagements(query, range),
  }));
}

export function totals(events: CountRow[], engagements: CountRow[]) {
  const sent = sum(events, "email.sent");
  return {
    sent,
    delivered: sum(events, "email.delivered"),
    opened: sum(engagements, "email.opened"),
    clicked: sum(engagements, "email.clicked"),
    bounced: sum(events, "email.bounced"),
  };
}

/** With `tag` ("name:value"), only the messages carrying it are counted (tag-counts.ts). */
export async function summaryReport(range: Range, tag: string | null = null) {
  const { events, engagements } = tag ? await readSnapshot((query) => countTagged(query, range, tag)) : await counts(range, true);
  const t = totals(events, engagements);
  return {
    totalSent: t.sent,
    totalDelivered: t.delivered,
    totalOpened: t.opened,
    totalClicked: t.clicked,
    totalBounced: t.bounced,
    deliveryRate: rate(t.delivered, t.sent),
    openRate: rate(t.opened, t.sent),
    clickRate: rate(t.clicked, t.sent),
    bounceRate: rate(t.bounced, t.sent),
  };
}

function tally<K extends string>(rows: CountRow[], keyOf: (r: CountRow) => string, as: K) {
  const m = new Map<string, number>();
  for (const r of rows) m.set(keyOf(r), (m.get(keyOf(r)) ?? 0) + r.count);
  return [...m]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, count]) => ({ [as]: k, count }) as Record<K, string> & { count: number });
}

export async function bounceReport(range: Range) {
  const bounces = (await readSnapshot((query) => countEvents(query, range))).filter((r) => r.type === "email.bounced");
  return {
    totalBounces: bounces.reduce((n, r) => n + r.count, 0),
    bouncesByReason: tally(bounces, (r) => r.reason || "unknown", "reason"),
    bouncesByProvider: tally(bounces, (r) => r.provider || "unknown", "provider"),
  };
}

/** Every UTC day of the range, oldest first. */
function daysOf({ from, to }: Range): string[] {
  const days: string[] = [];
  for (let d = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); d <= to.getTime(); d += 86_400_000) {
    days.push(new Date(d).toISOString().slice(0, 10));
  }
  return days;
}

export async function deliveryReport(range: Range) {
  const { events, engagements } = await counts(range);
  const group = (key: (r: CountRow) => string) => {
    const m = new Map<string, { events: CountRow[]; engagements: CountRow[] }>();
    const add = (r: CountRow, side: "events" | "engagements") => {
      const g = m.get(key(r)) ?? { events: [], engagements: [] };
      g[side].push(r);
      m.set(key(r), g);
    };
    events.forEach((r) => add(r, "events"));
    engagements.forEach((r) => add(r, "engagements"));
    return m;
  };
  const byDay = group((r) => r.day);
  const byProvider = group((r) => r.provider || "unknown");
  return {
    dailyStats: daysOf(range).map((date) => ({ date, ...totals(byDay.get(date)?.events ?? [], byDay.get(date)?.engagements ?? []) })),
    providerBreakdown: [...byProvider]
      .map(([provider, g]) => {
        const t = totals(g.events, g.engagements);
        return { provider, ...t, deliveryRate: rate(t.delivered, t.sent), bounceRate: rate(t.bounced, t.sent) };
      })
      .sort((a, b) => b.sent - a.sent || a.provider.localeCompare(b.provider)),
  };
}
