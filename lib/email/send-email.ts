// One send, start to end: safety (test mode, bulk threshold), the monthly allowance, the
// message record, delivery with failover, and an audit entry for whatever happened. The
// common path is four statements after the key's: context, count, message, outcome + audit.
import { AppError } from "@/lib/http/errors";
import { actorOf, type Principal } from "@/lib/http/principal";
import { recordAudit, type AuditEntry } from "@/lib/audit/record-audit";
import { recipientsOffTestLists } from "@/lib/safety/test-lists";
import { buildMessage } from "@/lib/email/build-message";
import { deliver } from "@/lib/email/deliver";
import { loadSendContext } from "@/lib/email/send-context";
import { countSend, finishMessage, insertQueuedMessage, refundSend } from "@/lib/email/message-store";
import { formatAddress } from "@/lib/providers/adapter";
import type { SendEmailInput } from "@/lib/email/schemas";
import { hasFreshSecondFactor } from "@/lib/two-factor/two-factor";

/** Above the threshold: a key created with bulk allowed, or a user with a fresh second factor. */
async function bulkAllowed(principal: Principal): Promise<boolean> {
  return principal.kind === "key" ? principal.allowBulk : hasFreshSecondFactor(principal.userId);
}

export async function sendEmail({ principal, input }: { principal: Principal; input: SendEmailInput }) {
  const orgId = principal.orgId;
  if (input.templateId) throw new AppError("TEMPLATE_NOT_FOUND", `Template ${input.templateId} not found`);
  const ctx = await loadSendContext(orgId);
  const projectId = principal.kind === "key" && principal.projectId ? principal.projectId : ctx.defaultProjectId;
  const message = buildMessage(input);
  const recipients = [...message.to, ...message.cc, ...message.bcc].map((a) => a.email.toLowerCase());
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

  if (ctx.sendMode === "test") {
    const outside = await recipientsOffTestLists(orgId, recipients);
    if (outside.length) {
      await recordAudit(auditEntry("refused_test_mode", { refused: outside }));
      throw new AppError("TEST_MODE_RECIPIENT", `Test mode: ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} not on a test list. Add them to a test list, or switch to production.`);
    }
  } else if (recipients.length > ctx.require2faThreshold && !(await bulkAllowed(principal))) {
    await recordAudit(auditEntry("refused_bulk"));
    throw new AppError(
      "BULK_SEND_REQUIRES_2FA",
      principal.kind === "key"
        ? `Sends to more than ${ctx.require2faThreshold} recipients need a key created with bulk sending allowed`
        : `Sends to more than ${ctx.require2faThreshold} recipients need a fresh second factor: verify a code from your authenticator app first`,
    );
  }

  if (!(await countSend(ctx, orgId))) {
    await recordAudit(auditEntry("refused_quota"));
    throw new AppError("QUOTA_EXCEEDED", "This month's send allowance is used up; it renews on the 1st, or upgrade your plan");
  }
  let id: string;
  try {
    id = await insertQueuedMessage({
      orgId,
      projectId,
      apiKeyId: principal.kind === "key" ? principal.keyId : null,
      userId: principal.kind === "session" ? principal.userId : null,
      fromAddress: formatAddress(message.from),
      to: message.to.map((a) => a.email),
      cc: message.cc.map((a) => a.email),
      bcc: message.bcc.map((a) => a.email),
      subject: message.subject,
      emailType: input.emailType,
      priority: input.priority,
      sendMode: ctx.sendMode,
      messageIdHeader: message.messageId,
      metadata: input.metadata,
    });
  } catch (err) {
    await refundSend(orgId); // counted, but nothing was recorded or sent
    throw err;
  }

  try {
    const delivery = await deliver(ctx.providers, message, input.provider);
    const sentAt = await finishMessage(id, { status: "sent", ...delivery }, auditEntry("sent", { messageId: id, provider: delivery.providerName }));
    return { id, messageId: delivery.providerMessageId, status: "sent" as const, provider: delivery.providerName, sentAt };
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    await finishMessage(id, { status: "failed", error: reason }, auditEntry("failed", { messageId: id, error: reason.slice(0, 500) }));
    await refundSend(orgId);
    throw err;
  }
}
