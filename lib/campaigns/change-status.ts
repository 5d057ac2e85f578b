// Schedule, pause, resume and cancel: each one conditional update from the statuses the action
// allows (transitions.ts), so two racing actions never both apply; the loser gets 409.
// - schedule: a job at scheduledAt starts it, keyed by campaign and time, so a reschedule
//   leaves a stale job that finds the times differ and does nothing (start-scheduled-job.ts).
// - pause: the running batch stops claiming recipients; the ones it is sending finish.
// - resume: checked like a start (sender still verified, template still there), then a batch.
// - cancel: its pending recipients are skipped ("cancelled"); in-flight sends finish.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { Principal, SendPrincipal } from "@/lib/http/principal";
import { enqueue } from "@/lib/jobs/enqueue";
import { campaignAudit, getCampaignOrThrow, getCampaignRowOrThrow } from "@/lib/campaigns/manage-campaigns";
import { preflight } from "@/lib/campaigns/preflight";
import { assertTransition, fromStatuses, transitionRefused, type CampaignAction } from "@/lib/campaigns/transitions";
import { MAX_SCHEDULE_AHEAD_MS, type ScheduleCampaignInput } from "@/lib/campaigns/schemas";
import { campaignSendBatchJob } from "@/lib/campaigns/send-batch-job";
import { campaignStartScheduledJob } from "@/lib/campaigns/start-scheduled-job";
import { Prisma } from "@/lib/generated/prisma/client";

type Tx = Prisma.TransactionClient;

/** Moves the campaign from one of the action's statuses; 409 naming its status when it is in none (any more). */
async function move(tx: Tx, action: CampaignAction, id: string, orgId: string, set: Prisma.Sql): Promise<void> {
  const moved = await tx.$executeRaw`UPDATE campaigns SET ${set}, updated_at = now() WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid AND status = ANY(${fromStatuses(action)}::text[])`;
  if (moved === 0) {
    const now = await tx.campaign.findFirst({ where: { id, orgId }, select: { status: true } });
    throw transitionRefused(action, now?.status ?? "gone");
  }
}

export async function scheduleCampaign({ principal, id, input }: { principal: Principal; id: string; input: ScheduleCampaignInput }) {
  const c = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  assertTransition("schedule", c.status);
  const at = new Date(input.scheduledAt);
  if (at.getTime() <= Date.now() || at.getTime() > Date.now() + MAX_SCHEDULE_AHEAD_MS) {
    throw new AppError("VALIDATION_ERROR", "Invalid request: body.scheduledAt: must be in the future and at most 365 days ahead", [
      { path: "body.scheduledAt", message: "must be in the future and at most 365 days ahead" },
    ]);
  }
  // Refused now rather than at the scheduled time: a deleted list or an unverified sender.
  await preflight(c, { needMembers: false });
  const job = await db().$transaction(async (tx) => {
    await move(tx, "schedule", c.id, c.orgId, Prisma.sql`status = 'scheduled', scheduled_at = ${at}`);
    await campaignAudit(principal, "campaign.scheduled", c, tx, { scheduledAt: at.toISOString(), ...(c.scheduledAt ? { previousScheduledAt: c.scheduledAt.toISOString() } : {}) });
    return enqueue(campaignStartScheduledJob, { campaignId: c.id, scheduledAt: at.toISOString() }, { tx, runAt: at, dedupeKey: `campaign-start:${c.id}:${at.toISOString()}` });
  });
  await job.dispatch();
  return getCampaignOrThrow({ orgId: principal.orgId, id });
}

/** `reason`: set when the product pauses it itself (the allowance used up, the sender no longer verified, …). */
export async function pauseCampaign({ principal, id, reason }: { principal: SendPrincipal; id: string; reason?: string }) {
  const c = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  assertTransition("pause", c.status);
  await db().$transaction(async (tx) => {
    await move(tx, "pause", c.id, c.orgId, Prisma.sql`status = 'paused'`);
    await campaignAudit(principal, "campaign.paused", c, tx, reason ? { reason } : {});
  });
  return getCampaignOrThrow({ orgId: principal.orgId, id });
}

export async function resumeCampaign({ principal, id }: { principal: Principal; id: string }) {
  const c = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  assertTransition("resume", c.status);
  await preflight(c, { needMembers: false });
  const job = await db().$transaction(async (tx) => {
    await move(tx, "resume", c.id, c.orgId, Prisma.sql`status = 'sending'`);
    await campaignAudit(principal, "campaign.resumed", c, tx);
    return enqueue(campaignSendBatchJob, { campaignId: c.id }, { tx });
  });
  await job.dispatch();
  return getCampaignOrThrow({ orgId: principal.orgId, id });
}

export async function cancelCampaign({ principal, id }: { principal: Principal; id: string }) {
  const c = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  assertTransition("cancel", c.status);
  await db().$transaction(async (tx) => {
    await move(tx, "cancel", c.id, c.orgId, Prisma.sql`status = 'cancelled', finished_at = now()`);
    const skipped = await tx.$executeRaw`UPDATE campaign_sends SET status = 'skipped', error = 'cancelled' WHERE campaign_id = ${c.id}::uuid AND status = 'pending'`;
    await campaignAudit(principal, "campaign.cancelled", c, tx, { skipped });
  });
  return getCampaignOrThrow({ orgId: principal.orgId, id });
}
