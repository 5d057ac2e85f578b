// A contact's subscription, as a fragment of the statement that publishes events
// (publish-events.ts): an email.unsubscribed event marks the recipient's contact unsubscribed,
// at the time the event happened.
import { Prisma } from "@/lib/generated/prisma/client";

/** UPDATE of the subscribed contacts whom the new events of CTE `published` (`incoming` has their times) unsubscribe. */
export const UNSUBSCRIBE_CONTACTS = Prisma.sql`UPDATE contacts c SET subscription_status = 'unsubscribed', unsubscribed_at = p.occurred_at, updated_at = now()
    FROM (SELECT DISTINCT ON (pu.org_id, pu.recipient) pu.org_id, pu.recipient, s.occurred_at
          FROM published pu JOIN incoming s ON s.id = pu.id WHERE pu.type = 'email.unsubscribed') p
    WHERE c.org_id = p.org_id AND c.email = p.recipient AND c.subscription_status = 'subscribed'`;
