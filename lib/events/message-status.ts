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
export function recipientStatuses(
  recipients: string[],
  pipeline: string,
  reported: Record<string, string>,
): { email: string; status: string }[] {
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
