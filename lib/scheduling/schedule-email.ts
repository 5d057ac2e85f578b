// Scheduling a send (SPEC POST /api/email/schedule; DESIGN.md §4): the body is validated and
// the send checked as if it went now — template, test-mode recipients, bulk threshold, the
// month's allowance — and audited; then the row and the job that sends it at scheduledFor
// are written together. Everything is checked again when it goes (send-scheduled-job.ts).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { actorOf, boundProjectOf, userIdOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { enqueue } from "@/lib/jobs/enqueue";
import { monthlyAllowance } from "@/lib/orgs/plans";
import { currentMonth } from "@/lib/email/message-store";
import { buildMessage } from "@/lib/email/build-message";
import { checkSafety } from "@/lib/email/check-safety";
import { isDemoOnly } from "@/lib/events/demo-addresses";
import { applyTemplate } from "@/lib/templates/apply-template";
import { hasFreshSecondFactor } from "@/lib/two-factor/two-factor";
import { MAX_SCHEDULE_AHEAD_MS } from "@/lib/scheduling/schemas";
import { sendScheduledJob } from "@/lib/scheduling/send-scheduled-job";
import type { SendEmailInput } from "@/lib/email/schemas";
import { storedBody } from "@/lib/scheduling/stored-body";

const DEFAULT_MAX_RETRIES = 3;

function checkTime(scheduledFor: Date, field: string) {
  const now = Date.now();
  const refuse = (message: string) =>
    new AppError("VALIDATION_ERROR", `Invalid request: body.${field}: ${message}`, [{ path: `body.${field}`, message }]);
  if (scheduledFor.getTime() <= now) throw refuse("must be in the future");
  if (scheduledFor.getTime() > now + MAX_SCHEDULE_AHEAD_MS) throw refuse("must be at most 365 days ahead");
}

async function safetySettings(orgId: string) {
  const org = await db().organization.findUniqueOrThrow({ where: { id: orgId } });
  const counter = await db().sendCounter.findUnique({ where: { orgId_month: { orgId, month: currentMonth() } } });
  const allowance = monthlyAllowance(org);
  return {
    sendMode: org.sendMode as "test" | "production",
    require2faThreshold: org.require2faThreshold,
    hasAllowance: allowance === null || (counter?.count ?? 0) < allowance,
  };
}

interface ScheduleOptions {
  principal: Principal;
  input: SendEmailInput;
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
  const when = new Date(scheduledFor);
  checkTime(when, field);
  const applied = await applyTemplate(orgId, input); // a template that cannot render fails now, not later
  const message = buildMessage(applied);
  isDemoOnly(message); // a mix of demo addresses and real recipients is refused now, as it would be when it goes
  const recipients = [...message.to, ...message.cc, ...message.bcc].map((a) => a.email.toLowerCase());
  const settings = await safetySettings(orgId);
  const projectId = boundProjectOf(principal);
  const audit = (outcome: string, metadata: Record<string, string | string[]> = {}) =>
    recordAudit({
      orgId,
      projectId,
      ...actorOf(principal),
      action: "email.schedule",
      sendMode: settings.sendMode,
      recipientCount: recipients.length,
      outcome,
      metadata: { subject: message.subject, scheduledFor: when.toISOString(), ...metadata },
    });
  await checkSafety({ principal, ctx: settings, recipients, hasAllowance: settings.hasAllowance }, (outcome, metadata) =>
    audit(outcome, metadata),
  );
  // A user's fresh second factor approves a bulk send now; it will not be fresh when it goes.
  const bulkApproved =
    recipients.length > settings.require2faThreshold && principal.kind === "session" && (await hasFreshSecondFactor(principal.userId));

  const { row, dispatch } = await db().$transaction(async (tx) => {
    const created = await tx.scheduledEmail.create({
      data: {
        orgId,
        projectId,
        apiKeyId: principal.kind === "key" ? principal.keyId : null,
        userId: userIdOf(principal),
        // The template's version as it is now: a later edit (by anyone who may write templates)
        // does not change what was approved to go out.
        emailData: storedBody({ ...input, ...(input.templateId ? { templateVersion: applied.templateVersion } : {}) }),
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
