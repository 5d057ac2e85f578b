// The messages API: what the organization sent, newest first (GET /api/v1/email/messages), and
// one message in full with its events (GET /api/v1/email/messages/{id}). Pages by number or by
// cursor (lib/analytics/message-cursor.ts): a cursor page starts right after the previous page's
// last message in (created_at, id) order, so messages sent meanwhile neither repeat nor shift it.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/auth/principal";
import { messagesMatching } from "@/lib/analytics/message-filter";
import { encodeCursor } from "@/lib/analytics/message-cursor";
import { messageTimeline } from "@/lib/analytics/message-timeline";
import { TOTAL_COUNT_CAP } from "@/lib/analytics/list-messages";
import { recipientStatuses, shownStatus, statusSummary } from "@/lib/events/message-status";
import { tagPairs } from "@/lib/email/tags";
import type { SentMessagesPagination, SentMessagesQuery } from "@/lib/analytics/sent-message-schemas";

interface Row {
  id: string;
  project_id: string | null;
  from_address: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  pipeline_status: string;
  delivery_status: string | null;
  recipient_statuses: Record<string, string>;
  send_mode: string;
  email_type: string;
  provider_name: string | null;
  provider_message_id: string | null;
  tags: string[];
  created_at: Date;
  sent_at: Date | null;
  counted: number;
}

export async function listSentMessages({ principal, query }: { principal: Principal; query: SentMessagesQuery }) {
  const page = query.cursor ? null : (query.page ?? 1);
  const offset = page ? (page - 1) * query.perPage : 0;
  // The count stops at the cap however deep the page: past it, the answer says "more than".
  const cap = TOTAL_COUNT_CAP;
  const matches = messagesMatching(principal, {
    recipient: query.to,
    sender: query.from,
    subject: query.subject,
    status: query.status,
    since: query.since,
    until: query.until,
    tag: query.tag,
    projectId: query.projectId,
  });
  const after = query.cursor
    ? Prisma.sql`AND (created_at, id) < (${query.cursor.createdAt.toISOString()}::timestamptz, ${query.cursor.id}::uuid)`
    : Prisma.empty;
  // One statement: one row past the page (is there a next one?), and how many match, up to the cap.
  const rows = await rawQuery<Row>(
    Prisma.sql`WITH counted AS (SELECT count(*)::int AS counted FROM (SELECT 1 ${matches} LIMIT ${cap + 1}) AS capped),
     page AS (SELECT id::text, project_id::text, from_address, "to", cc, bcc, subject, status AS pipeline_status, delivery_status,
         recipient_statuses, send_mode, email_type, provider_name, provider_message_id, tags, created_at, sent_at ${matches} ${after}
       ORDER BY created_at DESC, id DESC LIMIT ${query.perPage + 1} OFFSET ${offset})
     SELECT page.*, counted.counted FROM counted LEFT JOIN page ON true ORDER BY page.created_at DESC, page.id DESC`,
  );
  const found = rows.filter((r) => r.id !== null);
  const shown = found.slice(0, query.perPage);
  const last = shown.at(-1);
  const counted = rows[0]?.counted ?? 0;
  const pagination: SentMessagesPagination = {
    page,
    perPage: query.perPage,
    total: Math.min(counted, cap),
    moreThanTotal: counted > cap,
    nextCursor: found.length > query.perPage && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
  return { data: shown.map(listItem), pagination };
}

function listItem(r: Row) {
  const recipients = recipientStatuses([...r.to, ...r.cc, ...r.bcc], r.pipeline_status, r.recipient_statuses);
  return {
    id: r.id,
    projectId: r.project_id,
    fromAddress: r.from_address,
    to: r.to,
    cc: r.cc,
    bcc: r.bcc,
    subject: r.subject,
    status: shownStatus(r.pipeline_status, r.delivery_status),
    statusSummary: statusSummary(recipients),
    sendMode: r.send_mode,
    emailType: r.email_type,
    providerName: r.provider_name,
    providerMessageId: r.provider_message_id,
    tags: tagPairs(r.tags),
    createdAt: r.created_at,
    sentAt: r.sent_at,
  };
}

/** One message as sent, with each recipient's status and its events, oldest first: the timeline, flat. Another organization's is not found. */
export async function getSentMessage({ principal, id }: { principal: Principal; id: string }) {
  const { message, events } = await messageTimeline({ principal, id });
  return { ...message, events };
}
