// The API's shape of a contact, from a Prisma row or a raw SQL row, with whether its address
// is suppressed (the suppression list is separate from the subscription status: an address
// there gets no mail, whatever the status says).
import { Prisma } from "@/lib/generated/prisma/client";
import type { Contact as ContactRow } from "@/lib/generated/prisma/client";
import { db, type Db } from "@/lib/db/client";
import type { PropertyValue } from "@/lib/contacts/property-values";
import type { SubscriptionStatus } from "@/lib/contacts/schemas";

export function viewOfContact(c: ContactRow, suppressed: boolean) {
  return {
    id: c.id,
    email: c.email,
    name: c.name,
    properties: c.properties as Record<string, PropertyValue>,
    subscriptionStatus: c.subscriptionStatus as SubscriptionStatus,
    unsubscribedAt: c.unsubscribedAt,
    suppressed,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** The columns raw queries select for viewOfRaw, over contacts aliased `c`. */
export const CONTACT_COLUMNS = Prisma.sql`c.id, c.email, c.name, c.properties, c.subscription_status, c.unsubscribed_at, c.created_at, c.updated_at,
  EXISTS (SELECT 1 FROM suppressions s WHERE s.org_id = c.org_id AND s.email = c.email) AS suppressed`;

export interface RawContact {
  id: string;
  email: string;
  name: string;
  properties: Record<string, PropertyValue>;
  subscription_status: string;
  unsubscribed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  suppressed: boolean;
}

export function viewOfRaw(r: RawContact) {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    properties: r.properties,
    subscriptionStatus: r.subscription_status as SubscriptionStatus,
    unsubscribedAt: r.unsubscribed_at,
    suppressed: r.suppressed,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function isSuppressed(orgId: string, email: string, client: Db | Prisma.TransactionClient = db()): Promise<boolean> {
  return (await client.suppression.count({ where: { orgId, email } })) > 0;
}
