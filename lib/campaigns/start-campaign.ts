// Starting a campaign: its list's members as they are now become its recipients, one
// campaign_sends row each (subscribed contacts pending, unsubscribed ones skipped with reason
// "unsubscribed"), in the same transaction that moves it to sending and queues its first
// batch. The snapshot is INSERT … SELECT … ON CONFLICT DO NOTHING: one row per address,
// whatever happens. The update is conditional on the status and on the campaign being
// unchanged since it was checked, so a start racing an edit, a cancel or a second start
// happens once or not at all.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { SendPrincipal } from "@/lib/auth/principal";
import { campaignAudit, getCampaignRowOrThrow } from "@/lib/campaigns/manage-campaigns";
import { assertMayStartCampaign, assertScheduledStartApproved } from "@/lib/campaigns/list-audience";
import { preflight } from "@/lib/campaigns/preflight";
import { assertTransition } from "@/lib/campaigns/transitions";
import { queueFirstBatch } from "@/lib/campaigns/send-batch-job";

export const CHANGED_MEANWHILE = "This campaign changed meanwhile (edited, cancelled or started); look at it again and retry";

interface StartOptions {
  principal: SendPrincipal;
  id: string;
  /** Started by its schedule: only while it is still scheduled for exactly this time. */
  scheduledFor?: Date;
}

/** Returns false when a scheduled start no longer applies (rescheduled, cancelled, started already). */
export async function startCampaign({ principal, id, scheduledFor }: StartOptions): Promise<boolean> {
  const c = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  if (scheduledFor && (c.status !== "scheduled" || c.scheduledAt?.getTime() !== scheduledFor.getTime())) return false;
  assertTransition("send", c.status);
  // Sending now to an empty list is a mistake worth saying; a schedule that finds it empty just ends.
  const { templateVersion } = await preflight(c, { needMembers: !scheduledFor });
  // A caller starting it sends to its whole audience. A scheduled start was checked when it was
  // scheduled (or edited while scheduled), for the caller who did so; what its list has gained
  // since is checked once its recipients are taken, below.
  if (principal.kind !== "system") await assertMayStartCampaign(principal, c, "campaign.started");
  const started = await db().$transaction(
    async (tx) => {
      const [moved] = await tx.$queryRaw<{ updated_at: Date }[]>`
        UPDATE campaigns SET status = 'sending', status_reason = NULL, started_at = now(), updated_at = now(), template_version = ${templateVersion}::int
        WHERE id = ${c.id}::uuid AND status = ${c.status} AND updated_at = ${c.updatedAt}
        RETURNING updated_at`;
      if (!moved) throw new AppError("CONFLICT", CHANGED_MEANWHILE);
      const recipients = await tx.$executeRaw`
        INSERT INTO campaign_sends (id, campaign_id, org_id, contact_id, email, status, error)
        SELECT gen_random_uuid(), ${c.id}::uuid, ${c.orgId}::uuid, ct.id, ct.email,
          CASE WHEN ct.subscription_status = 'subscribed' THEN 'pending' ELSE 'skipped' END,
          CASE WHEN ct.subscription_status = 'subscribed' THEN NULL ELSE 'unsubscribed' END
        FROM contact_list_members m JOIN contacts ct ON ct.id = m.contact_id
        WHERE m.list_id = ${c.listId}::uuid AND ct.org_id = ${c.orgId}::uuid
        ON CONFLICT (campaign_id, email) DO NOTHING`;
      if (scheduledFor) await assertScheduledStartApproved(tx, c);
      await campaignAudit(principal, "campaign.started", c, tx, {
        recipients,
        ...(scheduledFor ? { scheduledAt: scheduledFor.toISOString() } : {}),
      });
      return queueFirstBatch(c.id, new Date(moved.updated_at), { tx, dedupeKey: `campaign-batch:${c.id}:start` });
    },
    { timeout: 120_000 },
  );
  await started.dispatch();
  return true;
}
