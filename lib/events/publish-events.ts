// Publishing events, in one statement: their rows, and what each domain does with an event,
// each in a fragment of its own: webhook deliveries (lib/webhooks/fan-out-sql.ts), the
// suppression list (lib/suppressions/suppress-sql.ts), the contact's status
// (lib/contacts/unsubscribe-contacts-sql.ts), first engagements (lib/tracking/engagement-sql.ts)
// and the message's status (lib/events/message-status-sql.ts). A provider event reported twice
// has the same dedupe key and is published once. The fragments compose, so the send path
// publishes email.sent and schedules the demo provider's later events inside the statement that
// records the outcome, and the runner publishes scheduled events as they fall due
// (publish-due-events.ts).
import { randomUUID } from "node:crypto";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { announceDeliveries } from "@/lib/webhooks/announce";
import { FAN_OUT } from "@/lib/webhooks/fan-out-sql";
import { SUPPRESS } from "@/lib/suppressions/suppress-sql";
import { UNSUBSCRIBE_CONTACTS } from "@/lib/contacts/unsubscribe-contacts-sql";
import { FIRST_ENGAGEMENTS } from "@/lib/tracking/engagement-sql";
import { reportStatuses } from "@/lib/events/message-status-sql";
import type { EmailEventType } from "@/lib/events/event-types";

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

/** The columns of an event row (and of scheduled_events), in eventRows' order. */
export const EVENT_COLUMNS = Prisma.sql`id, org_id, project_id, message_id, campaign_send_id, type, recipient, send_mode, occurred_at, url,
  reason, source, provider_id, dedupe_key, metadata, payload`;

/** A SELECT of `events` as rows with EVENT_COLUMNS: one array parameter per column, one element per event. */
export function eventRows(events: NewEvent[]): Prisma.Sql {
  const col = <T>(f: (e: NewEvent) => T) => events.map(f);
  return Prisma.sql`SELECT * FROM unnest(${col(() => randomUUID())}::uuid[], ${col((e) => e.orgId)}::uuid[], ${col((e) => e.projectId)}::uuid[],
      ${col((e) => e.messageId)}::uuid[], ${col((e) => e.campaignSendId ?? null)}::uuid[], ${col((e) => e.type)}::text[],
      ${col((e) => e.recipient.toLowerCase())}::text[], ${col((e) => e.sendMode)}::text[], ${col((e) => e.occurredAt.toISOString())}::timestamptz[],
      ${col((e) => e.url ?? null)}::text[], ${col((e) => e.reason ?? null)}::text[], ${col((e) => e.source)}::text[],
      ${col((e) => e.providerId ?? null)}::uuid[], ${col((e) => e.dedupeKey ?? null)}::text[],
      ${col((e) => JSON.stringify({ ...e.metadata, ...(e.bounceKind ? { bounceKind: e.bounceKind } : {}) }))}::jsonb[], ${col(eventPayload)}::text[])
    AS t(${EVENT_COLUMNS})`;
}

/** The events of CTE `incoming` (EVENT_COLUMNS) recorded, each once (a repeated dedupe key is already published). */
const RECORD_EVENTS = Prisma.sql`INSERT INTO email_events (id, org_id, project_id, message_id, campaign_send_id, type, recipient, send_mode, occurred_at, url,
      reason, source, provider_id, dedupe_key, metadata)
    SELECT id, org_id, project_id, message_id, campaign_send_id, type, recipient, send_mode, occurred_at, url, reason, source,
      provider_id, dedupe_key, metadata FROM incoming
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, org_id, project_id, message_id, type, recipient, metadata, source`;

/**
 * CTEs publishing the events of the CTE `incoming` (EVENT_COLUMNS): `published` (the events not
 * published before) and what each domain does with them: `fanned` (their webhook deliveries),
 * `suppressed` (the suppression list), `unsubscribed` (the contact's status), `engaged` (a
 * recipient's first open or click by a person, for unique rates) and `reported` (the message's
 * status). A statement that updates a message row itself names it in `exceptMessage` and moves its
 * status there: PostgreSQL applies only one of two updates of a row in one statement.
 */
export function publishCtes(exceptMessage?: string): Prisma.Sql {
  return Prisma.sql`
  published AS (${RECORD_EVENTS}),
  fanned AS (${FAN_OUT}),
  suppressed AS (${SUPPRESS}),
  unsubscribed AS (${UNSUBSCRIBE_CONTACTS}),
  engaged AS (${FIRST_ENGAGEMENTS}),
  reported AS (${reportStatuses(exceptMessage)})`;
}

/** publishCtes for statements that update no message themselves: built once. */
export const PUBLISH_CTES = publishCtes();

/** Publishes events on their own; returns how many were new (not already reported) and their deliveries. */
export async function publishEvents(events: NewEvent[]): Promise<{ published: number; deliveries: string[] }> {
  if (events.length === 0) return { published: 0, deliveries: [] };
  const rows = await rawQuery<{ published: number; deliveries: string[] | null }>(
    Prisma.sql`WITH incoming AS (${eventRows(events)}), ${PUBLISH_CTES}
     SELECT (SELECT count(*)::int FROM published) AS published, (SELECT array_agg(id::text) FROM fanned) AS deliveries`,
  );
  const deliveries = rows[0].deliveries ?? [];
  await announceDeliveries(deliveries);
  return { published: Number(rows[0].published), deliveries };
}
