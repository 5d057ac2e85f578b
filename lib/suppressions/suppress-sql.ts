// The suppression list, as a fragment of the statement that publishes events (publish-events.ts):
// an address that hard-bounced, complained or unsubscribed is suppressed for the organization,
// so no send path mails it again. A soft bounce does not suppress.
import { Prisma } from "@/lib/generated/prisma/client";
import { literal } from "@/lib/db/sql-literal";
import { DEMO_DOMAIN } from "@/lib/events/demo-addresses";

/** INSERT of the suppressions the events of CTE `published` call for (an address already on the list stays as it is). */
export const SUPPRESS = Prisma.sql`INSERT INTO suppressions (id, org_id, email, reason, message_id)
    SELECT DISTINCT ON (org_id, recipient) gen_random_uuid(), org_id, recipient,
      CASE type WHEN 'email.bounced' THEN 'bounce' WHEN 'email.complained' THEN 'complaint' ELSE 'unsubscribe' END, message_id
    FROM published
    WHERE (type IN ('email.complained', 'email.unsubscribed') OR (type = 'email.bounced' AND coalesce(metadata ->> 'bounceKind', 'hard') <> 'soft'))
      -- A demo address's bounce or complaint is recorded but never suppresses it: the next
      -- send to bounced@ shows a bounce again rather than a refusal (demo-addresses.ts).
      AND split_part(recipient, '@', 2) <> ${literal(DEMO_DOMAIN)}
    ON CONFLICT (org_id, email) DO NOTHING`;
