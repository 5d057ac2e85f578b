// Scheduling a send (SPEC POST /api/email/schedule; DESIGN.md §4): the body is validated and
// the send checked as if it went now (approve-send.ts) and audited; then the row and the job
// that sends it at scheduledFor are written together. Everything is checked again when it goes
// (send-scheduled-job.ts).
import { db } from "@/lib/db/client";
import { boundProjectOf, userIdOf, type Principal } from "@/lib/auth/principal";
import { enqueue } from "@/lib/jobs/enqueue";
import { approveScheduledSend, sendTimeOf } from "@/lib/scheduling/approve-send";
import { sendScheduledJob } from "@/lib/scheduling/send-scheduled-job";
import type { SendEmailInput } from "@/lib/email/schemas";

const DEFAULT_MAX_RETRIES = 3;

interface ScheduleOptions {
  principal: Principal;
  input: SendEmailInput;
  /** An ISO 8601 time, or a relative one ("in 10 minutes", v1) counted from now. */
  scheduledFor: string;
  maxRetries?: number;
  /** The body field the time came in, for error messages (v1 calls it scheduledAt). */
  field?: string;
}

export async function scheduleEmail({
  principal,
  input,
  scheduledFor,
  maxRetries = DEFAULT_MAX_RETRIES,
  field = "scheduledFor",
}: ScheduleOptions) {
  const orgId = principal.orgId;
  const when = sendTimeOf(scheduledFor, field);
  const projectId = boundProjectOf(principal);
  const { emailData, bulkApproved, audit } = await approveScheduledSend({ principal, input, when, projectId, action: "email.schedule" });

  const { row, dispatch } = await db().$transaction(async (tx) => {
    const created = await tx.scheduledEmail.create({
      data: {
        orgId,
        projectId,
        apiKeyId: principal.kind === "key" ? principal.keyId : null,
        userId: userIdOf(principal),
        emailData,
        scheduledFor: when,
        maxRetries,
        bulkApproved,
      },
    });
    const job = await enqueue(
      sendScheduledJob,
      { scheduledEmailId: created.id },
      { runAt: when, tx, maxAttempts: maxRetries + 1, dedupeKey: `scheduled:${created.id}` },
    );
    return { row: created, dispatch: job.dispatch };
  });
  await dispatch();
  await audit("scheduled", { scheduledEmailId: row.id });
  return row;
}
