// First engagements, as a fragment of the statement that publishes events (publish-events.ts):
// a recipient's first open and first click of a message by a person (machines' are left out),
// what unique open and click rates count (lib/analytics/event-counts.ts).
import { Prisma } from "@/lib/generated/prisma/client";

/** INSERT of the first opens and clicks among the new events of CTE `published` (`incoming` has their times). */
export const FIRST_ENGAGEMENTS = Prisma.sql`INSERT INTO engagement_firsts (message_id, recipient, kind, org_id, project_id, provider, first_at)
    SELECT p.message_id, p.recipient, substring(p.type from 7), p.org_id, p.project_id,
      coalesce((SELECT provider_name FROM messages WHERE id = p.message_id), ''), s.occurred_at
    FROM published p JOIN incoming s ON s.id = p.id
    WHERE p.type IN ('email.opened', 'email.clicked') AND p.message_id IS NOT NULL AND coalesce(p.metadata ->> 'bot', 'false') <> 'true'
    ON CONFLICT (message_id, recipient, kind) DO NOTHING`;
