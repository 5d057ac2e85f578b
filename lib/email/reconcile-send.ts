// Settles a send left `unconfirmed` (docs/sending.md): a provider took the whole message but
// its answer never came, so it may have it or not. Failing over at once could deliver two
// copies; never sending again could deliver none. So the message waits SEND_RECONCILE_SECONDS
// for evidence, a provider event naming it (confirm-unconfirmed.ts marks it sent), and then:
// - still no evidence, and the provider de-duplicates sends (idempotent): it is asked again
//   with the same idempotency key, so a copy it already has is not sent twice;
// - otherwise the message goes, the very same bytes, to the next provider it has not been to;
// - no such provider: it stays unconfirmed for good (outcome unknown; never sent twice).
// The job claims the message (reconcile_at cleared) before it sends, so a run that died
// mid-send is never repeated: its message too stays unconfirmed for good.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { retryWhileDisconnected } from "@/lib/db/retry-while-disconnected";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { defineJob } from "@/lib/jobs/define-job";
import { announceJobs } from "@/lib/jobs/announce";
import { jobRow, type JobRow } from "@/lib/jobs/job-sql";
import { adapterFor } from "@/lib/providers/registry";
import { deliver, type DeliveryResult } from "@/lib/email/deliver";
import { finishMessage, refundSend } from "@/lib/email/message-store";
import { loadMessage, storedMessageSchema } from "@/lib/email/stored-message";
import type { AuditEntry } from "@/lib/audit/record-audit";
import type { NewEvent } from "@/lib/events/publish-events";
import { log } from "@/lib/log";
import { deliveryEvents } from "@/lib/email/delivery-events";
import type { RefusedRecipient } from "@/lib/providers/adapter";

export const RECONCILE_JOB = "email.reconcile-send";

const payloadSchema = z.object({
  messageId: z.uuid(),
  /** The provider the message is unconfirmed at. */
  providerId: z.uuid(),
  /** Which reconciliation of this message this is (1, 2, ...): a new stage, a new job. */
  round: z.number().int().min(1),
  /** Every provider the message was handed to so far: it goes to none of them again... */
  tried: z.array(z.uuid()),
  /** ...but an idempotent one, asked again once (those already asked again are listed here). */
  reasked: z.array(z.uuid()),
  message: storedMessageSchema,
});
export type ReconcilePayload = z.infer<typeof payloadSchema>;
type Payload = ReconcilePayload;

/** When an unconfirmed send goes on without evidence. */
export const reconcileAt = (from = Date.now()) => new Date(from + env().SEND_RECONCILE_SECONDS * 1000);

/** The job that settles one unconfirmed stage of a message, written by the statement that records it. */
export function reconcileJob(p: Payload, runAt: Date): JobRow {
  return jobRow(reconcileSendJob, p, { runAt, dedupeKey: `reconcile:${p.messageId}:${p.round}` });
}

/** Announces the job a finishMessage wrote (the row is committed: a lost announcement waits for the sweep). */
export async function announceReconcile(jobId: string | null, runAt: Date): Promise<void> {
  if (jobId) await announceJobs([{ id: jobId, name: RECONCILE_JOB, runAt }]);
}

interface MessageRow {
  id: string;
  org_id: string;
  project_id: string | null;
  campaign_send_id: string | null;
  send_mode: string;
  status: string;
  provider_id: string | null;
  provider_name: string | null;
  reconcile_at: Date | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
}

const audit = (m: MessageRow, outcome: string, metadata: Record<string, string>): AuditEntry => ({
  orgId: m.org_id,
  projectId: m.project_id,
  actorType: "system",
  actorId: "reconcile",
  action: "email.send",
  sendMode: m.send_mode,
  recipientCount: m.to.length + m.cc.length + m.bcc.length,
  outcome,
  metadata: { subject: m.subject, messageId: m.id, ...metadata },
});

/** The events of the message a provider took (delivery-events.ts): email.sent, and bounces for the recipients it refused. */
export function sentEvents(
  m: Pick<MessageRow, "id" | "org_id" | "project_id" | "campaign_send_id" | "send_mode" | "to" | "cc" | "bcc">,
  providerId: string,
  occurredAt: Date,
  refused?: RefusedRecipient[],
): NewEvent[] {
  const sent = { orgId: m.org_id, projectId: m.project_id, messageId: m.id, campaignSendId: m.campaign_send_id, sendMode: m.send_mode };
  return deliveryEvents(sent, [...m.to, ...m.cc, ...m.bcc], { providerId, occurredAt, refused });
}

/** Leaves the message unconfirmed for good, saying why. */
async function settleUnknown(m: MessageRow, why: string): Promise<void> {
  await finishMessage(
    m.id,
    { status: "unconfirmed", providerId: m.provider_id, providerName: m.provider_name, error: why, reconcileAt: null },
    audit(m, "unconfirmed_final", { provider: m.provider_name ?? "", reason: why }),
  );
}

export async function reconcileSend(p: Payload): Promise<void> {
  const [m] = await rawQuery<MessageRow>(Prisma.sql`
    SELECT id::text, org_id::text, project_id::text, campaign_send_id::text, send_mode, status, provider_id::text, provider_name, reconcile_at,
      "to", cc, bcc, subject FROM messages WHERE id = ${p.messageId}::uuid`);
  // Confirmed by evidence meanwhile, or settled, or already at a later provider: nothing to do.
  if (!m || m.status !== "unconfirmed" || m.provider_id !== p.providerId) return;
  const name = m.provider_name ?? "the provider";
  if (m.reconcile_at === null) {
    // Claimed by an earlier run that never finished: it may have sent the message elsewhere.
    await settleUnknown(
      m,
      `${name} took the message but never confirmed it, and the failover was interrupted; not sent again, to avoid a second copy`,
    );
    return;
  }
  const active = await db().provider.findMany({ where: { orgId: m.org_id, isActive: true, status: "active" } });
  const again = p.reasked.includes(p.providerId) ? undefined : active.find((a) => a.id === p.providerId && adapterFor(a.type)?.idempotent);
  const candidates = active.filter((a) => a.type !== "demo" && (a === again || !p.tried.includes(a.id)));
  if (candidates.length === 0) {
    await settleUnknown(
      m,
      `${name} took the message but never confirmed it, and no other provider is active; not sent again, to avoid a second copy`,
    );
    return;
  }
  const claimed = await rawQuery(Prisma.sql`
    UPDATE messages SET reconcile_at = NULL
    WHERE id = ${m.id}::uuid AND status = 'unconfirmed' AND provider_id = ${p.providerId}::uuid AND reconcile_at IS NOT NULL RETURNING id`);
  if (claimed.length === 0) return; // confirmed (or taken) since it was read
  let result: DeliveryResult;
  try {
    result = await deliver(candidates, loadMessage(p.message), again?.id, m.id);
  } catch (err) {
    if (err instanceof AppError && err.code !== "NO_PROVIDER_CAPACITY") {
      // Refused, or every provider failed: nobody else has it. What the first provider did stays unknown.
      const reason = `${name} never confirmed the message; sending it elsewhere failed: ${err.message}`.slice(0, 2000);
      await retryWhileDisconnected(() =>
        finishMessage(
          m.id,
          { status: "failed", providerId: m.provider_id, providerName: m.provider_name, error: reason },
          audit(m, "failed", { error: reason.slice(0, 500) }),
        ),
      );
      await refundSend(m.org_id).catch((e) => log.error("refunding a failed reconciliation failed", { err: e, messageId: m.id }));
      return;
    }
    // No capacity now, or the database failed: nobody has it yet. Give the claim back; the job retries.
    await rawQuery(
      Prisma.sql`UPDATE messages SET reconcile_at = now() WHERE id = ${m.id}::uuid AND status = 'unconfirmed' AND reconcile_at IS NULL`,
    );
    throw err;
  }
  if (result.status === "sent") {
    const occurredAt = new Date();
    await retryWhileDisconnected(() =>
      finishMessage(
        m.id,
        { status: "sent", providerId: result.providerId, providerName: result.providerName, providerMessageId: result.providerMessageId },
        audit(m, "sent", { provider: result.providerName, unconfirmedAt: name }),
        { events: sentEvents(m, result.providerId ?? p.providerId, occurredAt, result.refused) },
      ),
    ).catch((err) => log.error("a reconciled message was sent but recording it failed", { err, messageId: m.id }));
    return;
  }
  // Unconfirmed again, at the next provider: the same wait there.
  const runAt = reconcileAt();
  const next = reconcileJob(
    {
      ...p,
      providerId: result.providerId,
      round: p.round + 1,
      tried: [...new Set([...p.tried, result.providerId])],
      reasked: again ? [...p.reasked, again.id] : p.reasked,
    },
    runAt,
  );
  const { jobId } = await retryWhileDisconnected(() =>
    finishMessage(
      m.id,
      { status: "unconfirmed", providerId: result.providerId, providerName: result.providerName, error: result.reason, reconcileAt: runAt },
      audit(m, "unconfirmed", { provider: result.providerName, reason: result.reason.slice(0, 500) }),
      { job: next },
    ),
  );
  await announceReconcile(jobId, runAt);
}

export const reconcileSendJob = defineJob({
  name: RECONCILE_JOB,
  payload: payloadSchema,
  maxAttempts: 8,
  retryBaseMs: 10_000,
  run: (p) => reconcileSend(p),
});
