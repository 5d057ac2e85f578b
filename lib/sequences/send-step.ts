// One step's email to one contact, exactly once. The step's sequence_step_sends row is inserted
// first (unique per enrolment and step); only the run that inserts it sends. A later run that
// finds it "sending" settles it from the messages log, as inbound actions do (send-once.ts):
// sent (recorded now), stuck at the provider with no outcome (failed, never resent: a second
// copy is worse), or never recorded after the run died (taken over and sent again).
import { z } from "zod";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { AppError } from "@/lib/http/errors";
import { sendEmail } from "@/lib/email/send-email";
import { sendEmailSchema } from "@/lib/email/schemas";
import { log } from "@/lib/log";
import type { StepState } from "@/lib/sequences/step-state";

export type StepOutcome = { status: "sent" } | { status: "failed" | "skipped"; error: string };

/** A send in progress longer than this was cut off by a crash (sends time out well within it). */
const ABANDONED_MS = 2 * 60_000;

/** A state a later run resolves: the job retries. */
export class StepNotSettled extends Error {
  override name = "StepNotSettled";
}

/** A refusal of the send itself (test mode, validation, a deleted template) will not change on retry; 429s and provider outages will. */
const isFinal = (err: unknown) => (err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429) || err instanceof z.ZodError;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

type Row = { id: string; status: string; error: string | null; createdAt: Date };

async function record(id: string, outcome: StepOutcome, messageId: string | null = null) {
  await db().sequenceStepSend.updateMany({
    where: { id, status: "sending" },
    data: outcome.status === "sent" ? { status: "sent", messageId, sentAt: new Date(), error: null } : { status: outcome.status, error: outcome.error, messageId },
  });
}

function inputFor(s: StepState, stepSendId: string) {
  // Contact properties first, so a property named email or name never hides the contact's own.
  const variables = { ...s.properties, email: s.email, name: s.contactName };
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
    sent = await sendEmail({ principal: { kind: "system", orgId: s.orgId, actor: `sequence:${s.sequenceId}` }, input: inputFor(s, row.id) });
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
  await record(row.id, { status: "sent" }, sent.id).catch((err) => log.error("a sequence step was sent but recording it failed", { err, stepSendId: row.id }));
  return { status: "sent" };
}

/** An earlier run left the row "sending": what happened to its send? */
async function settle(s: StepState, row: Row): Promise<StepOutcome | "resend"> {
  const message = await db().message.findFirst({
    where: { orgId: s.orgId, createdAt: { gte: new Date(row.createdAt.getTime() - 60_000) }, metadata: { path: ["sequenceStepSendId"], equals: row.id } },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true },
  });
  if (message?.status === "sent") {
    await record(row.id, { status: "sent" }, message.id);
    return { status: "sent" };
  }
  if (Date.now() - row.createdAt.getTime() < ABANDONED_MS) throw new StepNotSettled(`step send ${row.id} is still in progress`);
  if (message?.status === "queued") {
    const outcome = { status: "failed" as const, error: `interrupted while the provider had it (message ${message.id}); not sent again, to avoid a duplicate` };
    await record(row.id, outcome, message.id);
    return outcome;
  }
  // Cut off before anything went out: one run takes the row over and sends.
  const { count } = await db().sequenceStepSend.updateMany({ where: { id: row.id, status: "sending", createdAt: row.createdAt }, data: { createdAt: new Date() } });
  if (count === 0) throw new StepNotSettled(`step send ${row.id} was taken over by another run`);
  return "resend";
}

export async function sendStepOnce(s: StepState & { stepId: string }, { lastAttempt }: { lastAttempt: boolean }): Promise<StepOutcome> {
  const [inserted] = await rawQuery<{ id: string; created_at: Date }>(
    `INSERT INTO sequence_step_sends (id, enrolment_id, step_id, status) VALUES (gen_random_uuid(), $1::uuid, $2::uuid, 'sending')
     ON CONFLICT (enrolment_id, step_id) DO NOTHING RETURNING id::text, created_at`,
    [s.enrolmentId, s.stepId],
  );
  if (inserted) return send(s, { id: inserted.id, status: "sending", error: null, createdAt: new Date(inserted.created_at) }, lastAttempt);
  const row = await db().sequenceStepSend.findUniqueOrThrow({ where: { enrolmentId_stepId: { enrolmentId: s.enrolmentId, stepId: s.stepId } } });
  if (row.status === "sent") return { status: "sent" };
  if (row.status !== "sending") return { status: row.status as "failed" | "skipped", error: row.error ?? "" };
  const settled = await settle(s, row);
  if (settled !== "resend") return settled;
  return send(s, { ...row, createdAt: new Date() }, lastAttempt);
}
