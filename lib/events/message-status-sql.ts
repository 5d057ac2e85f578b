// The rules of message-status.ts in SQL, for the statements that record events (publish-events.ts,
// message-store.ts): kept apart so the browser, which reads the statuses, never loads Prisma.
// Built once; the statuses and event types are message-status.ts's tables, written in as literals.
import { Prisma } from "@/lib/generated/prisma/client";
import { RECIPIENTS_OF } from "@/lib/email/message-recipients";
import { literal, literals } from "@/lib/db/sql-literal";
import { REPORTED_STATUS_ORDER, STATUS_OF_EVENT } from "@/lib/events/message-status";

const ORDER = Prisma.sql`ARRAY[${literals(REPORTED_STATUS_ORDER)}]::text[]`;
const rank = (expr: Prisma.Sql) => Prisma.sql`coalesce(array_position(${ORDER}, ${expr}), 0)`;
const STATUS_OF_TYPE = Prisma.sql`CASE type ${Prisma.join(
  Object.entries(STATUS_OF_EVENT).map(([t, s]) => Prisma.sql`WHEN ${literal(t)} THEN ${literal(s)}`),
  " ",
)} END`;

/**
 * Per message, from the events in `rel` (with message_id, recipient, type, source, metadata):
 * `statuses`, each recipient's highest reported status; used as a relation `x`. The send
 * path's own events (source 'send': email.sent and the suppression drops) report nothing, nor do
 * opens and clicks known to be a machine's (metadata.bot: a privacy proxy, a link scanner).
 */
export function reportedStatuses(rel: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT message_id, jsonb_object_agg(recipient, st) AS statuses
    FROM (SELECT DISTINCT ON (message_id, recipient) message_id, recipient, st, rk
          FROM (SELECT message_id, recipient, ${STATUS_OF_TYPE} AS st FROM ${rel}
                WHERE message_id IS NOT NULL AND source <> 'send' AND coalesce(metadata ->> 'bot', 'false') <> 'true') ev
          CROSS JOIN LATERAL (SELECT ${rank(Prisma.sql`ev.st`)} AS rk) r
          WHERE st IS NOT NULL ORDER BY message_id, recipient, rk DESC) per_recipient
    GROUP BY message_id`;
}

/** Whether `n.key` (a reported recipient, lower case) is one of message `m`'s recipients: a report for
 * anyone else (an alias, a forward, a forged address) is on the timeline but moves no status. */
const IS_RECIPIENT = Prisma.sql`lower(n.key) IN (${RECIPIENTS_OF("m")})`;

/** `x`'s reports (reportedStatuses) for message `m`'s own recipients that are higher than what each has, as `n`. */
const HIGHER_REPORTS = Prisma.sql`FROM jsonb_each_text(x.statuses) n
  WHERE ${rank(Prisma.sql`n.value`)} > ${rank(Prisma.sql`m.recipient_statuses ->> n.key`)} AND ${IS_RECIPIENT}`;

/** Whether `x` reports anything higher than message `m` has for one of its recipients: else an update would change nothing. */
export const REPORTS_MORE = Prisma.sql`EXISTS (SELECT 1 ${HIGHER_REPORTS})`;

const BEST = Prisma.sql`(SELECT n.value ${HIGHER_REPORTS} ORDER BY ${rank(Prisma.sql`n.value`)} DESC LIMIT 1)`;

/**
 * SET clauses moving message `m` up to what `x` (reportedStatuses, or nulls) reports. Computed
 * from the row being updated, so concurrent reports for one message never lose each other
 * (PostgreSQL re-evaluates them on the newest row version).
 */
export const ADVANCE_STATUS_SET = Prisma.sql`delivery_status = CASE WHEN ${rank(BEST)} > ${rank(Prisma.sql`m.delivery_status`)} THEN ${BEST} ELSE m.delivery_status END,
    recipient_statuses = m.recipient_statuses || coalesce((SELECT jsonb_object_agg(n.key, n.value) ${HIGHER_REPORTS}), '{}'::jsonb)`;

/**
 * UPDATE moving each message the new events of CTE `published` report on up to what they report,
 * when that is higher than what it has (a repeated open, a late delivery write nothing). Not
 * `exceptMessage`, which the statement updates itself (message-store.ts's finishMessage).
 */
export function reportStatuses(exceptMessage?: string): Prisma.Sql {
  const except = exceptMessage === undefined ? Prisma.empty : Prisma.sql` AND m.id <> ${exceptMessage}::uuid`;
  return Prisma.sql`UPDATE messages m SET ${ADVANCE_STATUS_SET}
    FROM (${reportedStatuses(Prisma.sql`published`)}) x
    WHERE m.id = x.message_id AND ${REPORTS_MORE}${except}`;
}
