// Publishing events: their rows; one delivery row per active endpoint subscribed to each
// event's type (org-wide endpoints, and endpoints scoped to the message's project); and the
// suppression of addresses that hard-bounced, complained or unsubscribed (never a demo
// address) — all in one
// statement. A provider event reported twice has the same dedupe key and is published once.
// The statement is made of fragments, so the send path publishes email.sent and schedules
// the demo provider's later events inside the statement that records the outcome, and the
// runner publishes scheduled events as they fall due (publish-due-events.ts).
import { randomUUID } from "node:crypto";
import { rawQuery } from "@/lib/db/raw-query";
import { announceDeliveries } from "@/lib/webhooks/announce";
import type { EmailEventType } from "@/lib/events/event-types";
import { DEMO_DOMAIN } from "@/lib/events/demo-addresses";
import { advanceStatusSetSql, reportedStatusesSql, reportsMoreSql } from "@/lib/events/message-status";

export interface NewEvent {
  orgId: string;
  projectId: string | null;
  messageId: string | null;
  campaignSendId?: string | null;
  type: EmailEventType;
  recipient: string;
  sendMode: string;
  occurredAt: Date;
  url?: string | null;
  reason?: string | null;
  source: "send" | "demo" | "provider" | "manual" | "tracking";
  providerId?: string | null;
  dedupeKey?: string | null;
  /** A soft bounce does not suppress the address. */
  bounceKind?: "hard" | "soft";
  metadata?: Record<string, unknown>;
}

/** The HTTP body of an email.* event (SPEC Events: payload), exactly as signed and sent. */
export function eventPayload(e: NewEvent): string {
  return JSON.stringify({
    type: e.type,
    occurred_at: e.occurredAt.toISOString(),
    project_id: e.projectId,
    // A campaign's message is known by its campaign send, not by a send-API id (SPEC: email_id null for a campaign send).
    email_id: e.campaignSendId ? null : e.messageId,
    campaign_send_id: e.campaignSendId ?? null,
    recipient: e.recipient.toLowerCase(),
    send_mode: e.sendMode,
    ...(e.type === "email.clicked" ? { url: e.url ?? null } : {}),
    ...(e.reason ? { reason: e.reason } : {}),
  });
}

/** The columns of an event row (and of scheduled_events), in parameter order. */
export const EVENT_COLUMNS = `id, org_id, project_id, message_id, campaign_send_id, type, recipient, send_mode, occurred_at, url,
  reason, source, provider_id, dedupe_key, metadata, payload`;
export const EVENT_PARAM_COUNT = 16;

/** EVENT_PARAM_COUNT array parameters, one element per event. */
export function eventParams(events: NewEvent[]): unknown[] {
  const col = <T>(f: (e: NewEvent) => T) => events.map(f);
  return [
    col(() => randomUUID()), col((e) => e.orgId), col((e) => e.projectId), col((e) => e.messageId), col((e) => e.campaignSendId ?? null),
    col((e) => e.type), col((e) => e.recipient.toLowerCase()), col((e) => e.sendMode), col((e) => e.occurredAt.toISOString()),
    col((e) => e.url ?? null), col((e) => e.reason ?? null), col((e) => e.source), col((e) => e.providerId ?? null),
    col((e) => e.dedupeKey ?? null), col((e) => JSON.stringify({ ...e.metadata, ...(e.bounceKind ? { bounceKind: e.bounceKind } : {}) })), col(eventPayload),
  ];
}

/** A SELECT of eventParams at $first, as rows with EVENT_COLUMNS. */
export function eventRows(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `SELECT * FROM unnest(${p(0)}::uuid[], ${p(1)}::uuid[], ${p(2)}::uuid[], ${p(3)}::uuid[], ${p(4)}::uuid[], ${p(5)}::text[],
      ${p(6)}::text[], ${p(7)}::text[], ${p(8)}::timestamptz[], ${p(9)}::text[], ${p(10)}::text[], ${p(11)}::text[], ${p(12)}::uuid[],
      ${p(13)}::text[], ${p(14)}::jsonb[], ${p(15)}::text[])
    AS t(${EVENT_COLUMNS})`;
}

/**
 * CTEs `published`, `fanned` (their deliveries), `suppressed`, `unsubscribed` (the contact's status), `engaged` (a recipient's first
 * open or click by a person, for unique rates) and `reported` (the message's status, message-status.ts), for events in the CTE
 * `source` (EVENT_COLUMNS); `reported` writes only when a report is higher than what the message has (a repeated open, a late
 * delivery write nothing). A statement that updates a message row itself names it in `exceptMessage` (SQL) and moves its status
 * there: PostgreSQL applies only one of two updates of a row in one statement.
 */
export function publishCtes(source: string, { exceptMessage }: { exceptMessage?: string } = {}): string {
  return `
  published AS (
    INSERT INTO email_events (id, org_id, project_id, message_id, campaign_send_id, type, recipient, send_mode, occurred_at, url,
      reason, source, provider_id, dedupe_key, metadata)
    SELECT id, org_id, project_id, message_id, campaign_send_id, type, recipient, send_mode, occurred_at, url, reason, source,
      provider_id, dedupe_key, metadata FROM ${source}
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, org_id, project_id, message_id, type, recipient, metadata, source),
  fanned AS (
    INSERT INTO webhook_deliveries (id, org_id, endpoint_id, event_id, event_type, payload)
    SELECT gen_random_uuid(), ev.org_id, e.id, ev.id, ev.type, s.payload
    FROM published ev JOIN ${source} s ON s.id = ev.id
    JOIN webhook_endpoints e ON e.org_id = ev.org_id AND e.is_active
      AND (e.project_id IS NULL OR e.project_id = ev.project_id)
      AND (cardinality(e.events) = 0 OR ev.type = ANY (e.events))
    RETURNING id),
  suppressed AS (
    INSERT INTO suppressions (id, org_id, email, reason, message_id)
    SELECT DISTINCT ON (org_id, recipient) gen_random_uuid(), org_id, recipient,
      CASE type WHEN 'email.bounced' THEN 'bounce' WHEN 'email.complained' THEN 'complaint' ELSE 'unsubscribe' END, message_id
    FROM published
    WHERE (type IN ('email.complained', 'email.unsubscribed') OR (type = 'email.bounced' AND coalesce(metadata ->> 'bounceKind', 'hard') <> 'soft'))
      -- A demo address's bounce or complaint is recorded but never suppresses it: the next
      -- send to bounced@ shows a bounce again rather than a refusal (demo-addresses.ts).
      AND split_part(recipient, '@', 2) <> '${DEMO_DOMAIN}'
    ON CONFLICT (org_id, email) DO NOTHING),
  unsubscribed AS (
    UPDATE contacts c SET subscription_status = 'unsubscribed', unsubscribed_at = p.occurred_at, updated_at = now()
    FROM (SELECT DISTINCT ON (pu.org_id, pu.recipient) pu.org_id, pu.recipient, s.occurred_at
          FROM published pu JOIN ${source} s ON s.id = pu.id WHERE pu.type = 'email.unsubscribed') p
    WHERE c.org_id = p.org_id AND c.email = p.recipient AND c.subscription_status = 'subscribed'),
  engaged AS (
    INSERT INTO engagement_firsts (message_id, recipient, kind, org_id, project_id, provider, first_at)
    SELECT p.message_id, p.recipient, substring(p.type from 7), p.org_id, p.project_id,
      coalesce((SELECT provider_name FROM messages WHERE id = p.message_id), ''), s.occurred_at
    FROM published p JOIN ${source} s ON s.id = p.id
    WHERE p.type IN ('email.opened', 'email.clicked') AND p.message_id IS NOT NULL AND coalesce(p.metadata ->> 'bot', 'false') <> 'true'
    ON CONFLICT (message_id, recipient, kind) DO NOTHING),
  reported AS (
    UPDATE messages m SET ${advanceStatusSetSql("m", "x")}
    FROM (${reportedStatusesSql("published")}) x
    WHERE m.id = x.message_id AND ${reportsMoreSql("m", "x")}${exceptMessage ? ` AND m.id <> ${exceptMessage}` : ""})`;
}

/** Publishes events on their own; returns how many were new (not already reported) and their deliveries. */
export async function publishEvents(events: NewEvent[]): Promise<{ published: number; deliveries: string[] }> {
  if (events.length === 0) return { published: 0, deliveries: [] };
  const rows = await rawQuery<{ published: number; deliveries: string[] | null }>(
    `WITH incoming AS (${eventRows(1)}), ${publishCtes("incoming")}
     SELECT (SELECT count(*)::int FROM published) AS published, (SELECT array_agg(id::text) FROM fanned) AS deliveries`,
    eventParams(events),
  );
  const deliveries = rows[0].deliveries ?? [];
  await announceDeliveries(deliveries);
  return { published: Number(rows[0].published), deliveries };
}
