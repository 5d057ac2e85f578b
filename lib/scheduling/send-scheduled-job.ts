// Sends a scheduled email when its time comes (a job at scheduledFor, so the embedded runner
// and Inngest both drive it, and a restart loses nothing). The row moves scheduled ->
// sending in one conditional update, so a cancel racing it either wins (nothing is sent) or
// answers {cancelled: false}, and a change either wins (its version goes, by its new job) or is
// refused. The send runs through sendEmail, so safety, the allowance and the audit apply again now. A refusal (4xx) fails it at once; other failures are retried
// with backoff up to maxRetries, then it fails for good.
//
// Exactly once across a crash: the row is linked to its message (message_id) once the message
// is recorded, before any provider has it. A run that finds the row already 'sending' with a
// message (the process died mid-send, its job run again) goes by what the message says:
// - sent or unconfirmed: the send happened; only this row's bookkeeping was lost;
// - queued, never handed to a provider (provider_id null): it never left: send it now;
// - queued, handed to a provider: that provider may have it. It is not sent again (a second
//   copy is worse than an unknown one): the message is left unconfirmed, and the row sent
//   with a result that says so (docs/sending.md);
// - failed: an earlier attempt failed: try again, as any retry does.
import { z } from "zod";
import { isUuid } from "@/lib/db/uuid";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { defineJob } from "@/lib/jobs/define-job";
import { sendEmail } from "@/lib/email/send-email";
import { finishMessage, refundSend } from "@/lib/email/message-store";
import { sendEmailSchema } from "@/lib/email/schemas";
import type { Principal } from "@/lib/auth/principal";
import { log } from "@/lib/log";

interface ClaimedRow {
  id: string;
  org_id: string;
  project_id: string | null;
  api_key_id: string | null;
  user_id: string | null;
  email_data: unknown;
  max_retries: number;
  bulk_approved: boolean;
  /** The message of an earlier run of this row, if any. */
  message_id: string | null;
}

/** The message an earlier run recorded, as far as a later run needs it. */
interface EarlierMessage {
  id: string;
  status: string;
  provider_id: string | null;
  provider_name: string | null;
  provider_message_id: string | null;
  sent_at: Date | null;
  org_id: string;
  project_id: string | null;
  send_mode: string;
  recipients: number;
  subject: string;
}

export const INTERRUPTED = "interrupted while the provider had it; not sent again, to avoid a second copy";

interface SendResult {
  id: string;
  messageId: string | null;
  status: "sent" | "unconfirmed";
  provider: string | null;
  sentAt: Date | null;
  suppressed?: string[];
}
const resultOf = (m: EarlierMessage, status: SendResult["status"]): SendResult => ({
  id: m.id,
  messageId: m.provider_message_id,
  status,
  provider: m.provider_name,
  sentAt: m.sent_at,
});
const UNCONFIRMED = "the provider has not confirmed the message (docs/sending.md)";

/**
 * What an earlier run's message says about this one: the send's result when it happened (or
 * may have), or null when it must be sent (now). Settles a message the earlier run left queued.
 */
async function earlierOutcome(messageId: string): Promise<{ result: SendResult; error: string | null } | null> {
  const [m] = await rawQuery<EarlierMessage>(
    Prisma.sql`SELECT id::text, status, provider_id::text, provider_name, provider_message_id, sent_at, org_id::text, project_id::text, send_mode,
       cardinality("to") + cardinality(cc) + cardinality(bcc) AS recipients, subject FROM messages WHERE id = ${messageId}::uuid`,
  );
  if (!m || m.status === "failed") return null;
  if (m.status === "sent" || m.status === "unconfirmed")
    return { result: resultOf(m, m.status), error: m.status === "sent" ? null : UNCONFIRMED };
  const audit = (outcome: string, error: string) => ({
    orgId: m.org_id,
    projectId: m.project_id,
    actorType: "system" as const,
    actorId: "scheduler",
    action: "email.send",
    sendMode: m.send_mode,
    recipientCount: Number(m.recipients),
    outcome,
    metadata: { subject: m.subject, messageId: m.id, error },
  });
  if (m.provider_id === null) {
    // Never handed to a provider: it did not leave. It counted: give that back, the new send counts again.
    const error = "interrupted before it was handed to a provider";
    await finishMessage(m.id, { status: "failed", error }, audit("failed", error));
    await refundSend(m.org_id);
    return null;
  }
  const [p] = await rawQuery<{ name: string }>(Prisma.sql`SELECT name FROM providers WHERE id = ${m.provider_id}::uuid`);
  const providerName = p?.name ?? null;
  await finishMessage(
    m.id,
    { status: "unconfirmed", providerId: m.provider_id, providerName, error: INTERRUPTED, reconcileAt: null },
    audit("unconfirmed_final", INTERRUPTED),
  );
  return { result: resultOf({ ...m, provider_name: providerName }, "unconfirmed"), error: INTERRUPTED };
}

/**
 * Who scheduled it, as the send's principal (the key's bulk permission as it is now), or null
 * when that access has ended since: a revoked or deleted key, a user no longer a member.
 */
async function principalOf(row: ClaimedRow): Promise<Principal | null> {
  if (row.user_id) {
    const member = await db().membership.findFirst({ where: { userId: row.user_id, orgId: row.org_id } });
    return member
      ? { kind: "session", orgId: row.org_id, userId: row.user_id, role: member.role as Extract<Principal, { kind: "session" }>["role"] }
      : null;
  }
  const key = row.api_key_id ? await db().apiKey.findUnique({ where: { id: row.api_key_id } }) : null;
  if (!key || key.revokedAt) return null;
  return {
    kind: "key",
    orgId: row.org_id,
    projectId: row.project_id,
    keyId: key.id,
    scopes: key.scopes,
    rateLimitPerMinute: 0,
    allowBulk: key.allowBulk,
  };
}

/** A refusal of the send itself (test mode, validation, the provider refusing it) will not change on retry. */
const isFinal = (err: unknown) =>
  (err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429) || err instanceof z.ZodError;

export const sendScheduledJob = defineJob({
  name: "email.send-scheduled",
  payload: z.object({ scheduledEmailId: z.uuid() }),
  maxAttempts: 4, // maxRetries 3; each row's job carries its own (schedule-email.ts)
  retryBaseMs: 5_000,
  async run({ scheduledEmailId }, { jobId, attempt }) {
    // Only the email's own job claims it: a change (update-scheduled.ts) gives it a new job, and
    // the one it replaced, if already running, finds it not its own and stops. So a change that
    // commits first is what goes; one that comes after the claim is refused (409).
    const job = isUuid(jobId) ? jobId : null;
    const [row] = await rawQuery<ClaimedRow>(
      Prisma.sql`UPDATE scheduled_emails SET status = 'sending', retry_count = ${attempt - 1}, job_id = COALESCE(job_id, ${job}::uuid), updated_at = now()
       WHERE id = ${scheduledEmailId}::uuid AND status IN ('scheduled', 'sending') AND (job_id IS NULL OR job_id = ${job}::uuid)
       RETURNING id::text, org_id::text, project_id::text, api_key_id::text, user_id::text, email_data, max_retries, bulk_approved, message_id::text`,
    );
    if (!row) return; // cancelled, finished by an earlier run, or given a new job
    const finish = (fields: Prisma.Sql) =>
      rawQuery(Prisma.sql`UPDATE scheduled_emails SET ${fields}, updated_at = now() WHERE id = ${row.id}::uuid AND status = 'sending'`);
    let result: SendResult;
    let error: string | null = null;
    try {
      const earlier = row.message_id ? await earlierOutcome(row.message_id) : null;
      if (earlier) {
        ({ result, error } = earlier);
      } else {
        const principal = await principalOf(row);
        if (!principal) throw new AppError("UNAUTHORIZED", "The key or member that scheduled this email no longer has access");
        const input = sendEmailSchema.parse(typeof row.email_data === "string" ? JSON.parse(row.email_data) : row.email_data);
        const link = (messageId: string) =>
          rawQuery(Prisma.sql`UPDATE scheduled_emails SET message_id = ${messageId}::uuid WHERE id = ${row.id}::uuid`).then(
            () => undefined,
          );
        result = await sendEmail({ principal, input, bulkApproved: row.bulk_approved, onRecorded: link });
        if (result.status === "unconfirmed") error = UNCONFIRMED;
      }
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      if (isFinal(err) || attempt > Number(row.max_retries)) {
        await finish(Prisma.sql`status = 'failed', error = ${error}::text`);
        return;
      }
      await finish(Prisma.sql`error = ${error}::text`);
      throw err; // the job retries with backoff
    }
    // Sent (or unconfirmed: a provider may have it): from here on nothing may lead to a retry (it would send again).
    await finish(
      Prisma.sql`status = 'sent', result = ${JSON.stringify(result)}::jsonb, message_id = ${result.id}::uuid, sent_at = now(), error = ${error}::text`,
    ).catch((err) => log.error("a scheduled email was sent but recording it failed", { err, scheduledEmailId: row.id }));
  },
});
