// One batch of a sending campaign: settle rows abandoned by a dead process, then up to
// BATCH_LIMIT recipients (or BUDGET_MS) with CONCURRENCY sends in flight, each worker claiming
// one row at a time, so only the sends actually in flight are ever 'sending'. Then the next
// step: another batch now; one after the providers' Retry-After; the campaign paused with the
// reason; or, nothing pending or in flight any more, the campaign sent. Pausing or cancelling
// takes effect at the next claim (the claim itself checks the campaign is sending). While it
// runs, the batch keeps its job's claim and its sends' claims fresh (HEARTBEAT_MS), which is
// how the watchdog tells a live loop from a dead one.
import { phase } from "@/lib/boot/lifecycle";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { literal } from "@/lib/db/sql-literal";
import { recordAudit } from "@/lib/audit/record-audit";
import { log } from "@/lib/log";
import { ABANDONED_SECONDS, claimNext, HEARTBEAT_MS, RETRY_AT, touchClaims } from "@/lib/campaigns/send-rows";
import { settleAbandoned } from "@/lib/campaigns/settle-sends";
import { sendToRecipient, type RecipientOutcome } from "@/lib/campaigns/send-to-recipient";
import { ownContent, type CampaignPlan } from "@/lib/campaigns/recipient-content";

export const CONCURRENCY = 10;
const BATCH_LIMIT = 200;
const BUDGET_MS = 15_000;

export type NextStep = { kind: "none" } | { kind: "batch"; at: Date };

type Stop = Exclude<RecipientOutcome, { kind: "done" }>;

/**
 * The campaign as its sends need it, or null when it is not sending, or sending for another
 * loop than this batch's (started or resumed since: its updated_at moved). A gap that stops
 * every send pauses it.
 */
async function loadPlan(campaignId: string, generation: Date): Promise<CampaignPlan | null> {
  const c = await db().campaign.findUnique({ where: { id: campaignId }, include: { sender: true } });
  if (!c || c.status !== "sending" || c.updatedAt.getTime() !== generation.getTime()) return null;
  const useCaseGone =
    c.useCaseId !== null && !(await db().useCase.findFirst({ where: { id: c.useCaseId, orgId: c.orgId }, select: { id: true } }));
  const gap = !c.sender
    ? "The campaign's sender was deleted. Cancel the campaign and send a new one."
    : useCaseGone
      ? "The campaign's use case was deleted. Cancel the campaign and send a new one."
      : null;
  if (gap || !c.sender) {
    await pauseItself(campaignId, gap!);
    return null;
  }
  return {
    id: c.id,
    orgId: c.orgId,
    name: c.name,
    sender: { email: c.sender.email, name: c.sender.name },
    useCaseId: c.useCaseId,
    content: c.templateId
      ? { kind: "template", templateId: c.templateId, templateVersion: c.templateVersion }
      : ownContent(c.id, c.subject, c.html, c.text),
  };
}

/** Paused by the product, the reason on the campaign (status_reason) and in the audit log. */
async function pauseItself(campaignId: string, reason: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const [c] = await tx.$queryRaw<{ org_id: string; name: string }[]>`
      UPDATE campaigns SET status = 'paused', status_reason = ${reason}, updated_at = now()
      WHERE id = ${campaignId}::uuid AND status = 'sending' RETURNING org_id::text, name`;
    if (!c) return;
    await recordAudit(
      {
        orgId: c.org_id,
        actorType: "system",
        actorId: `campaign:${campaignId}`,
        action: "campaign.paused",
        targetType: "campaign",
        targetId: campaignId,
        metadata: { name: c.name, reason },
      },
      tx,
    );
  });
}

/** Sends up to a batch; returns what made it stop (nothing due, a limit, capacity, a pause). */
async function sendSome(plan: CampaignPlan, jobId: string): Promise<{ stop: Stop | null; exhausted: boolean }> {
  const inFlight = new Set<string>();
  const heartbeat = setInterval(
    () => void touchClaims([...inFlight], jobId).catch((err) => log.warn("refreshing campaign claims failed", { err })),
    HEARTBEAT_MS,
  );
  const deadline = Date.now() + BUDGET_MS;
  // Shared by the workers: what stopped the batch (a pause wins over a capacity wait).
  const state: { stop: Stop | null; exhausted: boolean; claimed: number } = { stop: null, exhausted: false, claimed: 0 };
  const stopWith = (s: Stop) => {
    if (s.kind === "pause" || state.stop === null) state.stop = s;
  };
  const worker = async () => {
    // A stopping instance claims no more recipients; the next batch job goes on elsewhere.
    while (!state.stop && !state.exhausted && state.claimed < BATCH_LIMIT && Date.now() < deadline && phase() !== "stopping") {
      const row = await claimNext(plan.id);
      if (!row) {
        state.exhausted = true;
        return;
      }
      state.claimed++;
      inFlight.add(row.id);
      try {
        const outcome = await sendToRecipient(plan, row);
        if (outcome.kind !== "done") stopWith(outcome);
      } finally {
        inFlight.delete(row.id);
      }
    }
  };
  try {
    const results = await Promise.allSettled(Array.from({ length: CONCURRENCY }, worker));
    const failure = results.find((r) => r.status === "rejected");
    if (failure) throw (failure as PromiseRejectedResult).reason; // the job retries; claimed rows settle from the log
  } finally {
    clearInterval(heartbeat);
  }
  return { stop: state.stop, exhausted: state.exhausted };
}

/** Nothing claimable: sent when nothing is pending or in flight, else a batch when the earliest row is due. */
async function finishOrWait(campaignId: string): Promise<NextStep> {
  const [p] = await rawQuery<{ status: string; pending: number; sending: number; next_at: Date | string | null }>(
    Prisma.sql`SELECT c.status,
       count(cs.id) FILTER (WHERE cs.status = 'pending')::int AS pending,
       count(cs.id) FILTER (WHERE cs.status = 'sending')::int AS sending,
       least(min(coalesce(${RETRY_AT}, now())) FILTER (WHERE cs.status = 'pending'),
             min(cs.claimed_at + make_interval(secs => ${literal(ABANDONED_SECONDS)})) FILTER (WHERE cs.status = 'sending')) AS next_at
     FROM campaigns c LEFT JOIN campaign_sends cs ON cs.campaign_id = c.id AND cs.status IN ('pending', 'sending')
     WHERE c.id = ${campaignId}::uuid GROUP BY c.status`,
  );
  if (!p || p.status !== "sending") return { kind: "none" };
  if (Number(p.pending) + Number(p.sending) > 0) {
    const at = p.next_at ? new Date(p.next_at) : new Date();
    return { kind: "batch", at: new Date(Math.max(at.getTime(), Date.now() + 1_000)) };
  }
  await db().$transaction(async (tx) => {
    const [done] = await tx.$queryRaw<{ org_id: string; name: string }[]>`
      UPDATE campaigns SET status = 'sent', status_reason = NULL, finished_at = now(), updated_at = now()
      WHERE id = ${campaignId}::uuid AND status = 'sending'
        AND NOT EXISTS (SELECT 1 FROM campaign_sends WHERE campaign_id = ${campaignId}::uuid AND status IN ('pending', 'sending'))
      RETURNING org_id::text, name`;
    if (!done) return;
    await recordAudit(
      {
        orgId: done.org_id,
        actorType: "system",
        actorId: `campaign:${campaignId}`,
        action: "campaign.sent",
        targetType: "campaign",
        targetId: campaignId,
        metadata: { name: done.name },
      },
      tx,
    );
  });
  return { kind: "none" };
}

/** `jobId`: the batch's job, whose claim it keeps fresh; `generation`: its loop's (send-batch-job.ts). */
export async function runBatch(campaignId: string, { jobId, generation }: { jobId: string; generation: Date }): Promise<NextStep> {
  const plan = await loadPlan(campaignId, generation);
  if (!plan) return { kind: "none" };
  await settleAbandoned(campaignId);
  const { stop, exhausted } = await sendSome(plan, jobId);
  if (stop?.kind === "pause") {
    await pauseItself(campaignId, stop.reason);
    return { kind: "none" };
  }
  if (stop?.kind === "capacity") return { kind: "batch", at: new Date(Date.now() + stop.retryAfterSeconds * 1000) };
  if (!exhausted) return { kind: "batch", at: new Date() };
  return finishOrWait(campaignId);
}
