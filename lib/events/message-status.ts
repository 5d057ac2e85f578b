// A message's status as the provider last reported it (docs/sending.md, "What a message's status
// says"). messages.status keeps the delivery pipeline's word (queued, sent, failed, unconfirmed:
// it drives reconciliation); messages.delivery_status and recipient_statuses hold what the
// provider reported since, per recipient and for the message. Events arrive out of order (an open
// before its delivery, a late delivery after a bounce), so a status only ever moves up this
// order, never by arrival time: a later report of a lower rank changes nothing.
import type { EmailEventType } from "@/lib/events/event-types";

/** Lowest to highest: progress (sent to clicked), then outcomes that outrank any progress. */
export const REPORTED_STATUS_ORDER = ["sent", "deferred", "delivered", "opened", "clicked", "failed", "bounced", "complained"] as const;
export type ReportedStatus = (typeof REPORTED_STATUS_ORDER)[number];

/** Every status a message or recipient can show. */
export const MESSAGE_STATUSES = ["queued", "unconfirmed", ...REPORTED_STATUS_ORDER] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * The status each provider-reported event gives its recipient. email.sent is the pipeline's own
 * (messages.status says it) and email.unsubscribed is the contact's choice, not a delivery fact.
 */
export const STATUS_OF_EVENT: Partial<Record<EmailEventType, ReportedStatus>> = {
  "email.deferred": "deferred",
  "email.delivered": "delivered",
  "email.opened": "opened",
  "email.clicked": "clicked",
  "email.dropped": "failed",
  "email.bounced": "bounced",
  "email.complained": "complained",
};

/** 0 for a status outside the order (queued, unconfirmed, none). */
export const statusRank = (s: string | null | undefined): number => REPORTED_STATUS_ORDER.indexOf(s as ReportedStatus) + 1;

/** The status after `current` hears `reported`: the higher of the two. */
export const advanceStatus = <T extends string | null>(current: T, reported: ReportedStatus): T | ReportedStatus =>
  statusRank(reported) > statusRank(current) ? reported : current;

/** The message's status: the pipeline's until a provider reports more. */
export const shownStatus = (pipeline: string, reported: string | null): string => reported ?? pipeline;

/** Each recipient with its status: what the provider reported for it, else the message's pipeline status. */
export function recipientStatuses(recipients: string[], pipeline: string, reported: Record<string, string>): { email: string; status: string }[] {
  return [...new Set(recipients)].map((email) => ({ email, status: reported[email.toLowerCase()] ?? pipeline }));
}

/** "delivered (2 of 3), bounced (1 of 3)": highest status first; a single recipient's status alone. */
export function statusSummary(recipients: { status: string }[]): string {
  if (recipients.length === 1) return recipients[0].status;
  const counts = new Map<string, number>();
  for (const r of recipients) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => statusRank(b) - statusRank(a))
    .map(([status, n]) => `${status} (${n} of ${recipients.length})`)
    .join(", ");
}

// ---- The same rules in SQL, for the statements that record events (publish-events.ts, message-store.ts).

const ORDER_SQL = `ARRAY[${REPORTED_STATUS_ORDER.map((s) => `'${s}'`).join(", ")}]::text[]`;
const rankSql = (expr: string) => `coalesce(array_position(${ORDER_SQL}, ${expr}), 0)`;
const statusOfTypeSql = (type: string) =>
  `CASE ${type} ${Object.entries(STATUS_OF_EVENT).map(([t, s]) => `WHEN '${t}' THEN '${s}'`).join(" ")} END`;

/**
 * Per message, from the events in `rel` (with message_id, recipient, type, source, metadata):
 * `statuses`, each recipient's highest reported status, as a relation `x`. The send
 * path's own events (source 'send': email.sent and the suppression drops) report nothing, nor do
 * opens and clicks known to be a machine's (metadata.bot: a privacy proxy, a link scanner).
 */
export function reportedStatusesSql(rel: string): string {
  return `SELECT message_id, jsonb_object_agg(recipient, st) AS statuses
    FROM (SELECT DISTINCT ON (message_id, recipient) message_id, recipient, st, rk
          FROM (SELECT message_id, recipient, ${statusOfTypeSql("type")} AS st FROM ${rel}
                WHERE message_id IS NOT NULL AND source <> 'send' AND coalesce(metadata ->> 'bot', 'false') <> 'true') ev
          CROSS JOIN LATERAL (SELECT ${rankSql("ev.st")} AS rk) r
          WHERE st IS NOT NULL ORDER BY message_id, recipient, rk DESC) per_recipient
    GROUP BY message_id`;
}

/** Whether `key` (a reported recipient, lower case) is one of message `m`'s recipients: a report for
 * anyone else (an alias, a forward, a forged address) is on the timeline but moves no status. */
const isRecipientSql = (m: string, key: string) => `lower(${key}) IN (SELECT lower(r) FROM unnest(${m}."to" || ${m}.cc || ${m}.bcc) r)`;

/** `x`'s reports for message `m`'s own recipients that are higher than what each has. */
const higherReportsSql = (m: string, x: string) =>
  `FROM jsonb_each_text(${x}.statuses) n WHERE ${rankSql("n.value")} > ${rankSql(`${m}.recipient_statuses ->> n.key`)} AND ${isRecipientSql(m, "n.key")}`;

/** Whether `x` reports anything higher than message `m` has for one of its recipients: else an update would change nothing. */
export function reportsMoreSql(m: string, x: string): string {
  return `EXISTS (SELECT 1 ${higherReportsSql(m, x)})`;
}

/**
 * SET clauses moving message `m` up to what `x` (reportedStatusesSql, or nulls) reports. Computed
 * from the row being updated, so concurrent reports for one message never lose each other
 * (PostgreSQL re-evaluates them on the newest row version).
 */
export function advanceStatusSetSql(m: string, x: string): string {
  const best = `(SELECT n.value ${higherReportsSql(m, x)} ORDER BY ${rankSql("n.value")} DESC LIMIT 1)`;
  return `delivery_status = CASE WHEN ${rankSql(best)} > ${rankSql(`${m}.delivery_status`)} THEN ${best} ELSE ${m}.delivery_status END,
    recipient_statuses = ${m}.recipient_statuses || coalesce((SELECT jsonb_object_agg(n.key, n.value) ${higherReportsSql(m, x)}), '{}'::jsonb)`;
}
