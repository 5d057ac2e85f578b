// The dashboard's messages log: newest first, searchable by recipient or subject, filtered by
// status. A key bound to a project sees only its project's (the route is session only anyway).
// The total is exact up to TOTAL_COUNT_CAP matches; past it the answer says "more than".
import { rawQuery } from "@/lib/db/raw-query";
import type { Principal } from "@/lib/http/principal";
import { likePattern } from "@/lib/db/like-pattern";

export interface MessageListQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: string;
}

interface Row {
  id: string;
  subject: string;
  to: string[];
  status: string;
  send_mode: string;
  email_type: string;
  provider_name: string | null;
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
  const matches = `FROM messages
       WHERE org_id = $1::uuid
         AND ($2::text IS NULL OR subject ILIKE $2 OR array_to_string("to" || cc || bcc, ' ') ILIKE $2)
         AND ($3::text IS NULL OR status = $3)`;
  // One statement: the page, and how many match, counted up to one past the cap.
  const rows = await rawQuery<Row>(
    `WITH counted AS (SELECT count(*)::int AS counted FROM (SELECT 1 ${matches} LIMIT $6) AS capped),
     page AS (SELECT id::text, subject, "to", status, send_mode, email_type, provider_name, created_at, sent_at ${matches}
       ORDER BY created_at DESC, id LIMIT $4 OFFSET $5)
     SELECT page.*, counted.counted FROM counted LEFT JOIN page ON true`,
    [principal.orgId, query.search ? likePattern(query.search) : null, query.status ?? null, query.pageSize, offset, cap + 1],
  );
  const counted = rows[0]?.counted ?? 0;
  return {
    messages: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id, subject: r.subject, to: r.to, status: r.status, sendMode: r.send_mode, emailType: r.email_type,
        providerName: r.provider_name, createdAt: r.created_at, sentAt: r.sent_at,
      })),
    /** Exact when `moreThanTotal` is false; otherwise there are more than this many. */
    total: Math.min(counted, cap),
    moreThanTotal: counted > cap,
    page: query.page,
    pageSize: query.pageSize,
  };
}
