// One send, start to end: safety (test mode, bulk threshold), the monthly allowance, the
// message record, delivery with failover, and an audit entry for whatever happened.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { actorOf, type Principal } from "@/lib/http/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { recipientsOffTestLists } from "@/lib/safety/test-lists";
import { consumeAllowance, refundAllowance } from "@/lib/email/allowance";
import { buildMessage } from "@/lib/email/build-message";
import { deliver } from "@/lib/email/deliver";
import { formatAddress } from "@/lib/providers/adapter";
import type { SendEmailInput } from "@/lib/email/schemas";

async function projectFor(principal: Principal): Promise<string | null> {
  if (principal.kind === "key" && principal.projectId) return principal.projectId;
  const project = await db().project.findFirst({ where: { orgId: principal.orgId, isDefault: true }, select: { id: true } });
  return project?.id ?? null;
}

export async function sendEmail({ principal, input }: { principal: Principal; input: SendEmailInput }) {
  const orgId = principal.orgId;
  if (input.templateId) throw new AppError("TEMPLATE_NOT_FOUND", `Template ${input.templateId} not found`);
  const [org, projectId] = await Promise.all([db().organization.findUniqueOrThrow({ where: { id: orgId } }), projectFor(principal)]);
  const message = buildMessage(input);
  const recipients = [...message.to, ...message.cc, ...message.bcc].map((a) => a.email.toLowerCase());
  const audit = (outcome: string, metadata: Record<string, string | number | string[] | null> = {}) =>
    recordAudit({
      orgId,
      projectId,
      ...actorOf(principal),
      action: "email.send",
      sendMode: org.sendMode,
      recipientCount: recipients.length,
      outcome,
      metadata: { subject: message.subject, ...metadata },
    });

  if (org.sendMode === "test") {
    const outside = await recipientsOffTestLists(orgId, recipients);
    if (outside.length) {
      await audit("refused_test_mode", { refused: outside });
      throw new AppError("TEST_MODE_RECIPIENT", `Test mode: ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} not on a test list. Add them to a test list, or switch to production.`);
    }
  } else if (recipients.length > org.require2faThreshold && !(principal.kind === "key" && principal.allowBulk)) {
    await audit("refused_bulk");
    throw new AppError("BULK_SEND_REQUIRES_2FA", `Sends to more than ${org.require2faThreshold} recipients need a key created with bulk sending allowed`);
  }

  if (!(await consumeAllowance(org))) {
    await audit("refused_quota");
    throw new AppError("QUOTA_EXCEEDED", "This month's send allowance is used up; it renews on the 1st, or upgrade your plan");
  }

  const row = await db().message.create({
    data: {
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
      sendMode: org.sendMode,
      messageIdHeader: message.messageId,
      metadata: input.metadata as object,
    },
  });
  try {
    const delivery = await deliver(orgId, message, input.provider);
    const sent = await db().message.update({
      where: { id: row.id },
      data: { status: "sent", sentAt: new Date(), ...delivery },
    });
    await audit("sent", { messageId: row.id, provider: delivery.providerName });
    return { id: sent.id, messageId: sent.providerMessageId, status: "sent" as const, provider: sent.providerName, sentAt: sent.sentAt };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await db().message.update({ where: { id: row.id }, data: { status: "failed", error: reason.slice(0, 2000) } });
    await refundAllowance(orgId);
    await audit("failed", { messageId: row.id, error: reason.slice(0, 500) });
    throw err;
  }
}
