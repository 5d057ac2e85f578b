// Which of an organization's messages a list shows: the one WHERE clause of the dashboard's log
// (lib/analytics/list-messages.ts) and of the API's GET /api/v1/email/messages
// (lib/analytics/sent-messages.ts). Every filter is optional; text filters match literally
// (lib/db/like-pattern.ts), case-insensitively. A key bound to a project sees only its project's.
import { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/db/uuid";
import type { Principal } from "@/lib/auth/principal";
import { likePattern } from "@/lib/db/like-pattern";

export interface MessageFilter {
  /** Part of a recipient address or of the subject, or a message id. */
  search?: string;
  /** Part of any recipient's address (to, cc or bcc). */
  recipient?: string;
  /** Part of the sender's address. */
  sender?: string;
  /** Part of the subject. */
  subject?: string;
  /** What the provider last reported (lib/events/message-status.ts). */
  status?: string;
  provider?: string;
  since?: Date;
  until?: Date;
  /** "name:value" */
  tag?: string;
  projectId?: string;
  sentOnly?: boolean;
}

const like = (s: string | undefined) => (s ? likePattern(s) : null);

/** `FROM messages WHERE …` for the principal's organization (and its key's project) and the filter. */
export function messagesMatching(principal: Principal, f: MessageFilter): Prisma.Sql {
  const keyProject = principal.kind === "key" ? principal.projectId : null;
  const search = like(f.search);
  const id = f.search && isUuid(f.search) ? f.search : null;
  const recipient = like(f.recipient);
  const sender = like(f.sender);
  const subject = like(f.subject);
  return Prisma.sql`FROM messages
       WHERE org_id = ${principal.orgId}::uuid
         AND (${search}::text IS NULL OR subject ILIKE ${search}::text OR array_to_string("to" || cc || bcc, ' ') ILIKE ${search}::text OR id = ${id}::uuid)
         AND (${recipient}::text IS NULL OR array_to_string("to" || cc || bcc, ' ') ILIKE ${recipient}::text)
         AND (${sender}::text IS NULL OR from_address ILIKE ${sender}::text)
         AND (${subject}::text IS NULL OR subject ILIKE ${subject}::text)
         AND (${f.status ?? null}::text IS NULL OR coalesce(delivery_status, status) = ${f.status ?? null}::text)
         AND (${f.provider ?? null}::text IS NULL OR provider_name = ${f.provider ?? null}::text)
         AND (${f.since?.toISOString() ?? null}::timestamptz IS NULL OR created_at >= ${f.since?.toISOString() ?? null}::timestamptz)
         AND (${f.until?.toISOString() ?? null}::timestamptz IS NULL OR created_at < ${f.until?.toISOString() ?? null}::timestamptz)
         AND (${f.tag ?? null}::text IS NULL OR tags @> ARRAY[${f.tag ?? null}::text])
         AND (NOT ${f.sentOnly ?? false}::boolean OR sent_at IS NOT NULL)
         AND (${f.projectId ?? null}::uuid IS NULL OR project_id = ${f.projectId ?? null}::uuid)
         AND (${keyProject}::uuid IS NULL OR project_id = ${keyProject}::uuid)`;
}
