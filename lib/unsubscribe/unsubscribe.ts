// A recipient unsubscribing from a message's sender: an email.unsubscribed event, published like
// any other (webhooks included), which also puts the address on the organization's suppression
// list and marks the contact unsubscribed (lib/events/publish-events.ts), so no send path mails it again. Once per recipient and
// message: a second click changes nothing.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { publishEvents } from "@/lib/events/publish-events";
import type { UnsubscribeClaim } from "@/lib/unsubscribe/tokens";
import { NAMES_RECIPIENT } from "@/lib/email/message-recipients";
import { erasedKey } from "@/lib/privacy/erased-address";

/** False when the message no longer exists (nothing to attach the unsubscribe to). */
export async function unsubscribe(claim: UnsubscribeClaim, via: "one-click" | "page"): Promise<boolean> {
  const [m] = await rawQuery<{
    org_id: string;
    project_id: string | null;
    send_mode: string;
    campaign_send_id: string | null;
    names_recipient: boolean;
  }>(
    Prisma.sql`SELECT org_id::text, project_id::text, send_mode, campaign_send_id::text, ${NAMES_RECIPIENT(claim.recipient)} AS names_recipient
      FROM messages WHERE id = ${claim.messageId}::uuid`,
  );
  if (!m) return false;
  if (!m.names_recipient) {
    // The address was erased since (lib/privacy): the wish is kept without the address, as the
    // keyed hash the send path also looks for, and no event names the person again.
    const key = erasedKey({ orgId: m.org_id, email: claim.recipient });
    await rawQuery(
      Prisma.sql`INSERT INTO suppressions (id, org_id, email, reason) VALUES (gen_random_uuid(), ${m.org_id}::uuid, ${key}, 'unsubscribe')
        ON CONFLICT (org_id, email) DO NOTHING`,
    );
    return true;
  }
  await publishEvents([
    {
      orgId: m.org_id,
      projectId: m.project_id,
      messageId: claim.messageId,
      campaignSendId: m.campaign_send_id,
      recipient: claim.recipient,
      sendMode: m.send_mode,
      occurredAt: new Date(),
      type: "email.unsubscribed",
      source: "tracking",
      reason: `unsubscribed (${via})`,
      dedupeKey: `unsubscribe:${claim.messageId}:${claim.recipient}`,
    },
  ]);
  return true;
}
