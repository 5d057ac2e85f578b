// One send, start to end: safety (test mode, bulk threshold), the monthly allowance, the
// message record, delivery with failover, and an audit entry for whatever happened. The
// common path is two statements after the key's: one opens the send (context, count and
// queued record), one records the outcome with its audit entry.
import { AppError } from "@/lib/http/errors";
import { actorOf, type Principal } from "@/lib/http/principal";
import { recordAudit, type AuditEntry } from "@/lib/audit/record-audit";
import { recipientsOffTestLists } from "@/lib/safety/test-lists";
import { buildMessage } from "@/lib/email/build-message";
import { deliver } from "@/lib/email/deliver";
import { openSend, type SendContext } from "@/lib/email/open-send";
import { finishMessage, insertQueuedMessage, refundSend, type NewMessage } from "@/lib/email/message-store";
import { formatAddress } from "@/lib/providers/adapter";
import type { NewEvent } from "@/lib/events/publish-events";
import { demoEventsFor } from "@/lib/events/demo-events";
import { firstLink } from "@/lib/events/demo-plan";
import type { SendEmailInput } from "@/lib/email/schemas";
import { hasFreshSecondFactor } from "@/lib/two-factor/two-factor";

type Refuse = (outcome: string, metadata?: Record<string, string[]>) => Promise<void>;

/**
 * The checks the opening statement could not settle: test-mode recipients, a bulk send by a
 * user (whose second factor lives elsewhere), the allowance. Refusals take precedence over
 * the allowance, as they would over an empty one.
 */
async function checkSafety(principal: Principal, ctx: SendContext, recipients: string[], counted: boolean, refuse: Refuse) {
  if (ctx.sendMode === "test") {
    const outside = await recipientsOffTestLists(principal.orgId, recipients);
    if (outside.length) {
      await refuse("refused_test_mode", { refused: outside });
      throw new AppError("TEST_MODE_RECIPIENT", `Test mode: ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} not on a test list. Add them to a test list, or switch to production.`);
    }
  } else if (recipients.length > ctx.require2faThreshold) {
    // Above the threshold: a key created with bulk allowed, or a user with a fresh second factor.
    const allowed = principal.kind === "key" ? principal.allowBulk : await hasFreshSecondFactor(principal.userId);
    if (!allowed) {
      await refuse("refused_bulk");
      throw new AppError(
        "BULK_SEND_REQUIRES_2FA",
        principal.kind === "key"
          ? `Sends to more than ${ctx.require2faThreshold} recipients need a key created with bulk sending allowed`
          : `Sends to more than ${ctx.require2faThreshold} recipients need a fresh second factor: verify a code from your authenticator app first`,
      );
    }
  }
  if (!counted) {
    await refuse("refused_quota");
    throw new AppError("QUOTA_EXCEEDED", "This month's send allowance is used up; it renews on the 1st, or upgrade your plan");
  }
}

export async function sendEmail({ principal, input }: { principal: Principal; input: SendEmailInput }) {
  const orgId = principal.orgId;
  if (input.templateId) throw new AppError("TEMPLATE_NOT_FOUND", `Template ${input.templateId} not found`);
  const message = buildMessage(input);
  const recipients = [...message.to, ...message.cc, ...message.bcc].map((a) => a.email.toLowerCase());
  const record: NewMessage = {
    orgId,
    projectId: principal.kind === "key" ? principal.projectId : null,
    apiKeyId: principal.kind === "key" ? principal.keyId : null,
    userId: principal.kind === "session" ? principal.userId : null,
    fromAddress: formatAddress(message.from),
    to: message.to.map((a) => a.email),
    cc: message.cc.map((a) => a.email),
    bcc: message.bcc.map((a) => a.email),
    subject: message.subject,
    emailType: input.emailType,
    priority: input.priority,
    messageIdHeader: message.messageId,
    metadata: input.metadata,
  };
  const opened = await openSend(record, recipients.length, principal.kind === "key" && principal.allowBulk);
  const ctx = opened.context;
  const projectId = record.projectId ?? ctx.defaultProjectId;
  const auditEntry = (outcome: string, metadata: Record<string, string | number | string[] | null> = {}): AuditEntry => ({
    orgId,
    projectId,
    ...actorOf(principal),
    action: "email.send",
    sendMode: ctx.sendMode,
    recipientCount: recipients.length,
    outcome,
    metadata: { subject: message.subject, ...metadata },
  });

  let id = opened.messageId;
  if (id === null) {
    await checkSafety(principal, ctx, recipients, opened.counted, async (outcome, metadata) => {
      if (opened.counted) await refundSend(orgId);
      await recordAudit(auditEntry(outcome, metadata));
    });
    try {
      id = await insertQueuedMessage(record, ctx.sendMode);
    } catch (err) {
      await refundSend(orgId); // counted, but nothing was recorded or sent
      throw err;
    }
  }

  try {
    const delivery = await deliver(ctx.providers, message, input.provider);
    const occurredAt = new Date();
    const sentEvents = recipients.map((recipient): NewEvent => ({
      orgId, projectId, messageId: id, type: "email.sent", recipient, sendMode: ctx.sendMode, occurredAt, source: "send", providerId: delivery.providerId,
    }));
    // The demo provider's delivery, open and click events follow later, as a real provider's would.
    const scheduled = delivery.providerType === "demo"
      ? demoEventsFor({ orgId, projectId, messageId: id, sendMode: ctx.sendMode, recipients, sentAt: occurredAt, link: firstLink(input.html) })
      : [];
    const sentAt = await finishMessage(id, { status: "sent", ...delivery }, auditEntry("sent", { messageId: id, provider: delivery.providerName }), { events: sentEvents, scheduled });
    return { id, messageId: delivery.providerMessageId, status: "sent" as const, provider: delivery.providerName, sentAt };
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    await finishMessage(id, { status: "failed", error: reason }, auditEntry("failed", { messageId: id, error: reason.slice(0, 500) }));
    await refundSend(orgId);
    throw err;
  }
}
