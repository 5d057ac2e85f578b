// Whether a sender may send in production, checked before a campaign starts so it is refused
// up front rather than once per recipient. The same rule as the send path's (open-send.ts
// SENDER_CHECK): the address's owner confirmed it, or its domain is verified, or the
// organization has a verified domain matching the address's domain.
import { rawQuery } from "@/lib/db/raw-query";

export async function isSenderVerified(orgId: string, senderId: string): Promise<boolean> {
  const [row] = await rawQuery<{ verified: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM senders s LEFT JOIN domains sd ON sd.id = s.domain_id
       WHERE s.id = $2::uuid AND s.org_id = $1::uuid
         AND (s.confirmed_at IS NOT NULL OR sd.status = 'verified'
           OR EXISTS (SELECT 1 FROM domains d WHERE d.org_id = s.org_id AND d.name = split_part(s.email, '@', 2) AND d.status = 'verified'))
     ) AS verified`,
    [orgId, senderId],
  );
  return row?.verified ?? false;
}
