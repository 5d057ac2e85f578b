// The dashboard's messages log: newest first, searchable by recipient or subject, filtered by
// status. A key bound to a project sees only its project's (the route is session only anyway).
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
  total: number;
}


export async function listMessages({ principal, query }: { principal: Principal; query: MessageListQuery }) {
  const rows = await rawQuery<Row>(
    `SELECT id::text, subject, "to", status, send_mode, email_type, provider_name, created_at, sent_at, count(*) OVER ()::int AS total
     FROM messages
     WHERE org_id = $1::uuid
       AND ($2::text IS NULL OR subject ILIKE $2 OR array_to_string("to" || cc || bcc, ' ') ILIKE $2)
       AND ($3::text IS NULL OR status = $3)
     ORDER BY created_at DESC, id
     LIMIT $4 OFFSET $5`,
    [principal.orgId, query.search ? likePattern(query.search) : null, query.status ?? null, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    messages: rows.map((r) => ({
      id: r.id, subject: r.subject, to: r.to, status: r.status, sendMode: r.send_mode, emailType: r.email_type,
      providerName: r.provider_name, createdAt: r.created_at, sentAt: r.sent_at,
    })),
    total: rows[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
