// Schedule, pause, resume and cancel: each one conditional update from the statuses the action
// allows (transitions.ts), so two racing actions never both apply; the loser gets 409. Each
// clears the reason the product gave for a status it set itself (status_reason).
// - schedule: a job at scheduledAt starts it, keyed by campaign and time, so a reschedule
//   leaves a stale job that finds the times differ and does nothing (start-scheduled-job.ts).
// - pause: the running batch stops claiming recipients; the ones it is sending finish.
// - resume: checked like a start (sender still verified, template still there; the list may
//   be gone, the recipients are taken), then the first batch of a new loop (send-batch-job.ts).
// - cancel: its pending recipients are skipped ("cancelled"); in-flight sends finish (one that
//   comes back to pending afterwards is skipped by the watchdog).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Principal, SendPrincipal } from "@/lib/auth/principal";
import { enqueue } from "@/lib/jobs/enqueue";
import { campaignAudit, getCampaignOrThrow, getCampaignRowOrThrow } from "@/lib/campaigns/manage-campaigns";
import { preflight } from "@/lib/campaigns/preflight";
import { assertMayStartCampaign } from "@/lib/campaigns/list-audience";
import { authorize } from "@/lib/auth/authorize";
import { assertTransition, fromStatuses, transitionRefused, type CampaignAction } from "@/lib/campaigns/transitions";
import { MAX_SCHEDULE_AHEAD_MS, type ScheduleCampaignInput } from "@/lib/campaigns/schemas";
import { queueFirstBatch } from "@/lib/campaigns/send-batch-job";
import { campaignStartScheduledJob } from "@/lib/campaigns/start-scheduled-job";
import { Prisma } from "@/lib/generated/prisma/client";

type Tx = Prisma.TransactionClient;

/** Moves the campaign from one of the action's statuses; 409 naming its status when it is in none (any more). Returns its new updated_at. */
async function move(tx: Tx, action: CampaignAction, id: string, orgId: string, set: Prisma.Sql): Promise<Date> {
  const [moved] = await tx.$queryRaw<{ updated_at: Date }[]>`
    UPDATE campaigns SET ${set}, status_reason = NULL, updated_at = now()
    WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid AND status = ANY(${fromStatuses(action)}::text[])
    RETURNING updated_at`;
  if (!moved) {
    const now = await tx.campaign.findFirst({ where: { id, orgId }, select: { status: true } });
    throw transitionRefused(action, now?.status ?? "gone");
  }
  return new Date(moved.updated_at);
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
  const bulkApproved = await assertMayStartCampaign(principal, c, "campaign.scheduled");
  const job = await db().$transaction(async (tx) => {
    await move(tx, "schedule", c.id, c.orgId, Prisma.sql`status = 'scheduled', scheduled_at = ${at}, bulk_approved = ${bulkApproved}`);
    await campaignAudit(principal, "campaign.scheduled", c, tx, {
      scheduledAt: at.toISOString(),
      ...(c.scheduledAt ? { previousScheduledAt: c.scheduledAt.toISOString() } : {}),
    });
    return enqueue(
      campaignStartScheduledJob,
      { campaignId: c.id, scheduledAt: at.toISOString() },
      { tx, runAt: at, dedupeKey: `campaign-start:${c.id}:${at.toISOString()}` },
    );
  });
  await job.dispatch();
  return getCampaignOrThrow({ orgId: principal.orgId, id });
}

/** Paused by hand (the product pausing it itself, with a reason, is run-batch.ts pauseItself). */
export async function pauseCampaign({ principal, id }: { principal: SendPrincipal; id: string }) {
  const c = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  assertTransition("pause", c.status);
  await db().$transaction(async (tx) => {
    await move(tx, "pause", c.id, c.orgId, Prisma.sql`status = 'paused'`);
    await campaignAudit(principal, "campaign.paused", c, tx);
  });
  return getCampaignOrThrow({ orgId: principal.orgId, id });
}

export async function resumeCampaign({ principal, id }: { principal: Principal; id: string }) {
  const c = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  assertTransition("resume", c.status);
  await preflight(c, { needMembers: false, resuming: true });
  // Resuming sends to the rest of an audience already approved when it started: the caller
  // still needs to be one that may send.
  authorize(principal, { scope: "email:send" });
  const job = await db().$transaction(async (tx) => {
    const generation = await move(tx, "resume", c.id, c.orgId, Prisma.sql`status = 'sending'`);
    await campaignAudit(principal, "campaign.resumed", c, tx);
    return queueFirstBatch(c.id, generation, { tx, dedupeKey: `campaign-batch:${c.id}:resume:${generation.toISOString()}` });
  });
  await job.dispatch();
  return getCampaignOrThrow({ orgId: principal.orgId, id });
}

export async function cancelCampaign({ principal, id }: { principal: Principal; id: string }) {
  const c = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  assertTransition("cancel", c.status);
  await db().$transaction(async (tx) => {
    await move(tx, "cancel", c.id, c.orgId, Prisma.sql`status = 'cancelled', finished_at = now()`);
    const skipped =
      await tx.$executeRaw`UPDATE campaign_sends SET status = 'skipped', error = 'cancelled' WHERE campaign_id = ${c.id}::uuid AND status = 'pending'`;
    await campaignAudit(principal, "campaign.cancelled", c, tx, { skipped });
  });
  return getCampaignOrThrow({ orgId: principal.orgId, id });
}
