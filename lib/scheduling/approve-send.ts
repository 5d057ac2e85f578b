// What scheduling checks now, as if the send went now (DESIGN.md §4), shared by scheduling an
// email and changing one: the time, the template (one that cannot render fails now, not later),
// demo addresses, test-mode recipients, the bulk threshold and the month's allowance. A refusal
// is audited under the caller's action; the body to store pins the template's version.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { monthlyAllowance } from "@/lib/orgs/plans";
import { currentMonth } from "@/lib/email/message-store";
import { buildMessage } from "@/lib/email/build-message";
import { checkAttachmentUrls } from "@/lib/email/resolve-attachments";
import { checkSafety } from "@/lib/email/check-safety";
import { isDemoOnly } from "@/lib/events/demo-addresses";
import { applyTemplate } from "@/lib/templates/apply-template";
import { hasFreshSecondFactor } from "@/lib/two-factor/two-factor";
import { sendTimeProblem } from "@/lib/scheduling/schemas";
import { momentOf } from "@/lib/scheduling/relative-time";
import { storedBody } from "@/lib/scheduling/stored-body";
import type { SendEmailInput } from "@/lib/email/schemas";

/** The moment a send time names (ISO or "in 10 minutes"), refused unless in the future and at most 365 days ahead. */
export function sendTimeOf(value: string, field: string): Date {
  const now = Date.now();
  const problem = sendTimeProblem(value, now);
  if (problem)
    throw new AppError("VALIDATION_ERROR", `Invalid request: body.${field}: ${problem}`, [{ path: `body.${field}`, message: problem }]);
  return momentOf(value, now);
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

interface ApproveOptions {
  principal: Principal;
  input: SendEmailInput;
  when: Date;
  projectId: string | null;
  /** The audit action: email.schedule, email.schedule_updated. */
  action: string;
}

export async function approveScheduledSend({ principal, input, when, projectId, action }: ApproveOptions) {
  const orgId = principal.orgId;
  const applied = await applyTemplate(orgId, input);
  // Attachment URLs the policy refuses without a connection are refused now; the files are fetched when it goes.
  checkAttachmentUrls(applied.attachments);
  const message = buildMessage(applied, []);
  isDemoOnly(message); // a mix of demo addresses and real recipients is refused now, as it would be when it goes
  const recipients = [...message.to, ...message.cc, ...message.bcc].map((a) => a.email.toLowerCase());
  const settings = await safetySettings(orgId);
  const audit = (outcome: string, metadata: Record<string, string | string[]> = {}) =>
    recordAudit({
      orgId,
      projectId,
      ...actorOf(principal),
      action,
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
  // The template's version as it is now: a later edit (by anyone who may write templates)
  // does not change what was approved to go out.
  const emailData = storedBody({ ...input, ...(input.templateId ? { templateVersion: applied.templateVersion } : {}) });
  return { emailData, bulkApproved, audit };
}
