// A campaign's audience: its list's subscribed members, whom starting it now would send to
// (unsubscribed ones are skipped at the start). What the bulk-send control counts.
import { rawQuery } from "@/lib/db/raw-query";
import { assertMayStartBulk } from "@/lib/safety/assert-bulk-start";
import type { Principal } from "@/lib/http/principal";

export async function listAudience(orgId: string, listId: string | null): Promise<number> {
  if (!listId) return 0;
  const [row] = await rawQuery<{ n: number }>(
    `SELECT count(*)::int AS n FROM contact_list_members m JOIN contacts ct ON ct.id = m.contact_id
     WHERE m.list_id = $1::uuid AND ct.org_id = $2::uuid AND ct.subscription_status = 'subscribed'`,
    [listId, orgId],
  );
  return Number(row.n);
}

/** Starting or scheduling the campaign is sending to its audience: the caller needs email:send,
 * and above the organization's threshold what a bulk send needs (assert-bulk-start.ts). */
export async function assertMayStartCampaign(principal: Principal, c: { id: string; name: string; listId: string | null }, action: string): Promise<void> {
  const audience = await listAudience(principal.orgId, c.listId);
  await assertMayStartBulk({ principal, audience, action, target: { targetType: "campaign", targetId: c.id, metadata: { name: c.name } } });
}
