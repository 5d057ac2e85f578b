// One step's email to one contact, exactly once. Only the run that claims the step (inserts its
// sequence_step_sends row, checks included: claim-step.ts) sends. A later run that finds the row
// "sending" settles it from the messages log, as inbound actions do (send-once.ts): sent
// (recorded now), stuck at the provider with no outcome (failed, never resent: a second copy is
// worse), or never recorded after the run died (the row is freed and claimed again).
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { sendEmail } from "@/lib/email/send-email";
import { contactVariables } from "@/lib/contacts/contact-variables";
import { sendEmailSchema } from "@/lib/email/schemas";
import { log } from "@/lib/log";
import { claimStep, type ClaimedRow as Row } from "@/lib/sequences/claim-step";
import type { StepState } from "@/lib/sequences/step-state";

export type StepOutcome =
  | { status: "sent" }
  | { status: "failed" | "skipped"; error: string }
  /** Another run holds the step: look again at `retryAt`; null: that run finishes it. */
  | { status: "pending"; retryAt: Date | null }
  /** The claim's checks refused the step (the enrolment moved, or the contact must leave): nothing was sent. */
  | { status: "refused" };

/**
 * A send in progress longer than this was cut off by a crash. It must exceed the longest a live
 * send takes, or a live send would be judged abandoned and marked failed while it goes out:
 * failover tries each of the organization's providers in turn, each up to its timeouts (10 s a
 * stage over SMTP, 15 s over HTTP APIs, 40 s with SES), so several failing slowly take minutes.
 */
const ABANDONED_MS = 10 * 60_000;

/** A refusal of the send itself (test mode, validation, a deleted template, the month's allowance) will not change on retry; rate limits and provider outages will. */
const isFinal = (err: unknown) =>
  (err instanceof AppError && ((err.status >= 400 && err.status < 500 && err.status !== 429) || err.code === "QUOTA_EXCEEDED")) ||
  err instanceof z.ZodError;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

async function record(
  id: string,
  outcome: Extract<StepOutcome, { status: "sent" | "failed" | "skipped" }>,
  messageId: string | null = null,
) {
  await db().sequenceStepSend.updateMany({
    where: { id, status: "sending" },
    data:
      outcome.status === "sent"
        ? { status: "sent", messageId, sentAt: new Date(), error: null }
        : { status: outcome.status, error: outcome.error, messageId },
  });
}

function inputFor(s: StepState, stepSendId: string) {
  const variables = contactVariables({ email: s.email, name: s.contactName, properties: s.properties });
  return sendEmailSchema.parse({
    to: s.email,
    ...(s.senderEmail ? { from: s.senderEmail, ...(s.senderName ? { fromName: s.senderName } : {}) } : {}),
    subject: "Sequence step", // the template's subject replaces it
    templateId: s.templateId,
    variables,
    emailType: "marketing",
    ...(s.useCaseId ? { use_case_id: s.useCaseId } : {}),
    metadata: { sequenceId: s.sequenceId, sequenceStepId: s.stepId, sequenceEnrolmentId: s.enrolmentId, sequenceStepSendId: stepSendId },
  });
}

async function send(s: StepState, row: Row, lastAttempt: boolean): Promise<StepOutcome> {
  let sent: Awaited<ReturnType<typeof sendEmail>>;
  try {
    sent = await sendEmail({
      principal: { kind: "system", orgId: s.orgId, actor: `sequence:${s.sequenceId}` },
      input: inputFor(s, row.id),
    });
  } catch (err) {
    // The send path drops suppressed recipients: the step is skipped and the contact leaves.
    if (err instanceof AppError && err.code === "RECIPIENT_SUPPRESSED") {
      const outcome = { status: "skipped" as const, error: messageOf(err) };
      await record(row.id, outcome);
      return outcome;
    }
    if (isFinal(err) || lastAttempt) {
      const outcome = { status: "failed" as const, error: messageOf(err) };
      await record(row.id, outcome);
      return outcome;
    }
    // Nothing went out (sendEmail throws only before the provider accepts): free the step for the retry.
    await db().sequenceStepSend.deleteMany({ where: { id: row.id, status: "sending" } });
    throw err;
  }
  // Sent: recording it failing must not send again (the next run settles it from the message).
  await record(row.id, { status: "sent" }, sent.id).catch((err) =>
    log.error("a sequence step was sent but recording it failed", { err, stepSendId: row.id }),
  );
  return { status: "sent" };
}

/** An earlier run left the row "sending": what became of its send? "freed": nothing went out, and the row is gone. */
async function settle(s: StepState, row: Row): Promise<StepOutcome | "freed"> {
  const message = await db().message.findFirst({
    where: {
      orgId: s.orgId,
      createdAt: { gte: new Date(row.createdAt.getTime() - 60_000) },
      metadata: { path: ["sequenceStepSendId"], equals: row.id },
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true },
  });
  if (message?.status === "sent") {
    await record(row.id, { status: "sent" }, message.id);
    return { status: "sent" };
  }
  // Possibly still under way: look again once it would have ended (a new job, not one of this job's attempts).
  const abandonedAt = row.createdAt.getTime() + ABANDONED_MS;
  if (Date.now() < abandonedAt) return { status: "pending", retryAt: new Date(abandonedAt + 5_000) };
  if (message?.status === "queued") {
    const outcome = {
      status: "failed" as const,
      error: `interrupted while the provider had it (message ${message.id}); not sent again, to avoid a duplicate`,
    };
    await record(row.id, outcome, message.id);
    return outcome;
  }
  // Cut off before anything went out (or after every provider failed): free the row to claim it again.
  const { count } = await db().sequenceStepSend.deleteMany({ where: { id: row.id, status: "sending", createdAt: row.createdAt } });
  return count ? "freed" : { status: "pending", retryAt: null };
}

export async function sendStepOnce(s: StepState & { stepId: string }, { lastAttempt }: { lastAttempt: boolean }): Promise<StepOutcome> {
  for (let round = 0; round < 2; round++) {
    const claimed = await claimStep(s);
    if (claimed) return send(s, claimed, lastAttempt);
    const row = await db().sequenceStepSend.findUnique({ where: { enrolmentId_stepId: { enrolmentId: s.enrolmentId, stepId: s.stepId } } });
    if (!row) return { status: "refused" };
    if (row.status === "sent") return { status: "sent" };
    if (row.status !== "sending") return { status: row.status as "failed" | "skipped", error: row.error ?? "" };
    const settled = await settle(s, row);
    if (settled !== "freed") return settled;
  }
  // Freed, then claimed first by a concurrent run: that run sends.
  return { status: "pending", retryAt: null };
}
