// The dashboard's messages log: newest first; searchable by recipient, subject or id; filtered by
// status (what the provider last reported, lib/events/message-status.ts), provider, a time range
// a tag and a project (the dashboard's current project); the filter is lib/analytics/message-filter.ts.
// The total is exact up to TOTAL_COUNT_CAP matches; past it the answer says "more than".
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/auth/principal";
import { messagesMatching } from "@/lib/analytics/message-filter";
import { recipientStatuses, statusSummary } from "@/lib/events/message-status";
import type { MessageListQuery } from "@/lib/analytics/schemas";

interface Row {
  id: string;
  subject: string;
  to: string[];
  all_recipients: string[];
  pipeline_status: string;
  status: string;
  recipient_statuses: Record<string, string>;
  send_mode: string;
  email_type: string;
  provider_name: string | null;
  tags: string[];
  created_at: Date;
  sent_at: Date | null;
  counted: number;
}

/**
 * The log counts matches up to this many (or up to the page shown, when further): counting
 * every message of a large organization on each page view costs time linear in its history.
 */
export const TOTAL_COUNT_CAP = 10_000;

export async function listMessages({ principal, query }: { principal: Principal; query: MessageListQuery }) {
  const offset = (query.page - 1) * query.pageSize;
  const cap = Math.max(TOTAL_COUNT_CAP, offset + query.pageSize);
  const matches = messagesMatching(principal, {
    search: query.search,
    status: query.status,
    provider: query.provider,
    since: query.from,
    until: query.to,
    tag: query.tag,
    projectId: query.projectId,
    sentOnly: query.sentOnly,
  });
  // One statement: the page, and how many match, counted up to one past the cap.
  const rows = await rawQuery<Row>(
    Prisma.sql`WITH counted AS (SELECT count(*)::int AS counted FROM (SELECT 1 ${matches} LIMIT ${cap + 1}) AS capped),
     page AS (SELECT id::text, subject, "to", "to" || cc || bcc AS all_recipients, status AS pipeline_status,
         coalesce(delivery_status, status) AS status, recipient_statuses, send_mode, email_type, provider_name, tags, created_at, sent_at ${matches}
       ORDER BY created_at DESC, id LIMIT ${query.pageSize} OFFSET ${offset})
     SELECT page.*, counted.counted FROM counted LEFT JOIN page ON true`,
  );
  const counted = rows[0]?.counted ?? 0;
  return {
    messages: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id,
        subject: r.subject,
        to: r.to,
        status: r.status,
        statusSummary: statusSummary(recipientStatuses(r.all_recipients, r.pipeline_status, r.recipient_statuses)),
        sendMode: r.send_mode,
        emailType: r.email_type,
        providerName: r.provider_name,
        tags: r.tags,
        createdAt: r.created_at,
        sentAt: r.sent_at,
      })),
    /** Exact when `moreThanTotal` is false; otherwise there are more than this many. */
    total: Math.min(counted, cap),
    moreThanTotal: counted > cap,
    page: query.page,
    pageSize: query.pageSize,
  };
}
