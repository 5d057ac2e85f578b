// Sends a scheduled email when its time comes (a job at scheduledFor, so the embedded runner
// and Inngest both drive it, and a restart loses nothing). The row moves scheduled ->
// sending in one conditional update, so a cancel racing it either wins (nothing is sent) or
// answers {cancelled: false}. The send runs through sendEmail, so safety, the allowance and
// the audit apply again now. A refusal (4xx) fails it at once; other failures are retried
// with backoff up to maxRetries, then it fails for good.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { AppError } from "@/lib/http/errors";
import { defineJob } from "@/lib/jobs/define-job";
import { sendEmail } from "@/lib/email/send-email";
import { sendEmailSchema } from "@/lib/email/schemas";
import type { Principal } from "@/lib/http/principal";
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
}

/**
 * Who scheduled it, as the send's principal (the key's bulk permission as it is now), or null
 * when that access has ended since: a revoked or deleted key, a user no longer a member.
 */
async function principalOf(row: ClaimedRow): Promise<Principal | null> {
  if (row.user_id) {
    const member = await db().membership.findFirst({ where: { userId: row.user_id, orgId: row.org_id } });
    return member ? { kind: "session", orgId: row.org_id, userId: row.user_id, role: member.role as Extract<Principal, { kind: "session" }>["role"] } : null;
  }
  const key = row.api_key_id ? await db().apiKey.findUnique({ where: { id: row.api_key_id } }) : null;
  if (!key || key.revokedAt) return null;
  return { kind: "key", orgId: row.org_id, projectId: row.project_id, keyId: key.id, scopes: key.scopes, rateLimitPerMinute: 0, allowBulk: key.allowBulk };
}

/** A refusal of the send itself (test mode, validation, the provider refusing it) will not change on retry. */
const isFinal = (err: unknown) => (err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429) || err instanceof z.ZodError;

export const sendScheduledJob = defineJob({
  name: "email.send-scheduled",
  payload: z.object({ scheduledEmailId: z.uuid() }),
  maxAttempts: 4, // maxRetries 3; each row's job carries its own (schedule-email.ts)
  retryBaseMs: 5_000,
  async run({ scheduledEmailId }, { attempt }) {
    const [row] = await rawQuery<ClaimedRow>(
      `UPDATE scheduled_emails SET status = 'sending', retry_count = $2, updated_at = now()
       WHERE id = $1::uuid AND status IN ('scheduled', 'sending')
       RETURNING id::text, org_id::text, project_id::text, api_key_id::text, user_id::text, email_data, max_retries, bulk_approved`,
      [scheduledEmailId, attempt - 1],
    );
    if (!row) return; // cancelled, or finished by an earlier run
    const finish = (fields: string, params: unknown[]) =>
      rawQuery(`UPDATE scheduled_emails SET ${fields}, updated_at = now() WHERE id = $1::uuid AND status = 'sending'`, [row.id, ...params]);
    let result: Awaited<ReturnType<typeof sendEmail>>;
    try {
      const principal = await principalOf(row);
      if (!principal) throw new AppError("UNAUTHORIZED", "The key or member that scheduled this email no longer has access");
      const input = sendEmailSchema.parse(typeof row.email_data === "string" ? JSON.parse(row.email_data) : row.email_data);
      result = await sendEmail({ principal, input, bulkApproved: row.bulk_approved });
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      if (isFinal(err) || attempt > Number(row.max_retries)) {
        await finish(`status = 'failed', error = $2::text`, [error]);
        return;
      }
      await finish(`error = $2::text`, [error]);
      throw err; // the job retries with backoff
    }
    // Sent: from here on nothing may lead to a retry (it would send again).
    await finish(`status = 'sent', result = $2::jsonb, message_id = $3::uuid, sent_at = now(), error = NULL`, [JSON.stringify(result), result.id]).catch((err) =>
      log.error("a scheduled email was sent but recording it failed", { err, scheduledEmailId: row.id }),
    );
  },
});
