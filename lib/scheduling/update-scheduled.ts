// Changing a scheduled email while it waits (PATCH /api/v1/email/scheduled/{id}): the change is
// merged into its body (merge-change.ts) and checked as scheduling checks it (approve-send.ts),
// then written in one transaction: its queued job cancelled, a new one queued at its time, and
// the row updated only while it is still 'scheduled' and as it was read. The job claims the row
// only while it is the row's job (send-scheduled-job.ts), so a change and the send racing each
// other end one of two ways: the change commits first and its version goes (by the new job), or
// the send claims first and the change is refused (409) with nothing changed. The send then goes
// out under whoever made the last change (their key or membership), as scheduling does.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { userIdOf, type Principal } from "@/lib/auth/principal";
import { Prisma } from "@/lib/generated/prisma/client";
import { cancelJobs } from "@/lib/jobs/manage-jobs";
import { enqueue } from "@/lib/jobs/enqueue";
import { toWire } from "@/lib/http/wire";
import { withIdempotency } from "@/lib/email/idempotency";
import { getScheduledOrThrow } from "@/lib/scheduling/manage-scheduled";
import { approveScheduledSend, sendTimeOf } from "@/lib/scheduling/approve-send";
import { mergeChange } from "@/lib/scheduling/merge-change";
import { sendScheduledJob } from "@/lib/scheduling/send-scheduled-job";
import { scheduledEmailSchema, type ScheduledChange } from "@/lib/scheduling/schemas";

/** Reads before giving up when other changes keep landing between the read and the write. */
const TRIES = 3;

const notWaiting = (status: string) =>
  new AppError("CONFLICT", `This scheduled email is ${status}: only one still waiting (scheduled) can be changed`);

interface UpdateOptions {
  principal: Principal;
  id: string;
  change: ScheduledChange;
}

async function tryUpdate({ principal, id, change }: UpdateOptions) {
  const row = await getScheduledOrThrow({ principal, id });
  if (row.status !== "scheduled") throw notWaiting(row.status);
  const { scheduledAt, maxRetries, ...fields } = change;
  const input = mergeChange(row.emailData, fields);
  const when = scheduledAt ? sendTimeOf(scheduledAt, "scheduledAt") : row.scheduledFor;
  const retries = maxRetries ?? row.maxRetries;
  const { emailData, bulkApproved, audit } = await approveScheduledSend({
    principal,
    input,
    when,
    projectId: row.projectId,
    action: "email.schedule_updated",
  });
  const written = await db().$transaction(async (tx) => {
    await cancelJobs(sendScheduledJob, { scheduledEmailId: Prisma.sql`${row.id}::text` }, { tx });
    const job = await enqueue(sendScheduledJob, { scheduledEmailId: row.id }, { tx, runAt: when, maxAttempts: retries + 1 });
    const { count } = await tx.scheduledEmail.updateMany({
      where: { id: row.id, status: "scheduled", updatedAt: row.updatedAt },
      data: {
        emailData,
        scheduledFor: when,
        maxRetries: retries,
        bulkApproved,
        apiKeyId: principal.kind === "key" ? principal.keyId : null,
        userId: userIdOf(principal),
        jobId: job.id,
      },
    });
    if (count === 0) throw new Changed(); // rolls back the cancel and the new job
    return { row: await tx.scheduledEmail.findUniqueOrThrow({ where: { id: row.id } }), dispatch: job.dispatch };
  });
  await written.dispatch();
  await audit("updated", { scheduledEmailId: row.id, changed: Object.keys(change).filter((k) => change[k] !== undefined) });
  return written.row;
}

/** The row changed (or began sending) between the read and the write. */
class Changed extends Error {}

/** The updated scheduled email, in its wire form. */
export async function updateScheduled(options: UpdateOptions) {
  for (let attempt = 1; ; attempt++) {
    try {
      return toWire(scheduledEmailSchema, await tryUpdate(options));
    } catch (err) {
      if (!(err instanceof Changed)) throw err;
      if (attempt === TRIES) throw new AppError("CONFLICT", "This scheduled email kept changing meanwhile; read it and try again");
    }
  }
}

/** updateScheduled once per idempotency key (the Idempotency-Key header, the MCP tool's idempotencyKey). */
export const updateScheduledOnce = (options: UpdateOptions, key: string | null) =>
  withIdempotency(options.principal.orgId, key, { id: options.id, ...options.change }, () => updateScheduled(options));
