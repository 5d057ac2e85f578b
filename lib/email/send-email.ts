// One send, start to end: the suppression list, safety (test mode, bulk threshold), the monthly
// allowance, the message record, attachments given by URL fetched (resolve-attachments.ts: only
// once the send has passed every check, so a send that would be refused fetches nothing),
// delivery with failover, and an audit entry for whatever happened (the outcome:
// record-outcome.ts). The common path is two statements after the key's: one opens the send
// (context, count and queued record), one records the outcome with its audit entry.
import { actorOf, boundProjectOf, userIdOf, type SendPrincipal } from "@/lib/auth/principal";
import { recordAudit, type AuditEntry } from "@/lib/audit/record-audit";
import { AppError } from "@/lib/errors/app-error";
import { buildMessage } from "@/lib/email/build-message";
import { checkAttachmentUrls, fetchesAttachments, inlineAttachments, resolveAttachments } from "@/lib/email/resolve-attachments";
import type { ByteBudget } from "@/lib/net/guarded-get";
import { deliver, deliverToDemo, type DeliveryResult } from "@/lib/email/deliver";
import { recordOutcome } from "@/lib/email/record-outcome";
import { messageContent } from "@/lib/email/message-content";
import { retryWhileDisconnected } from "@/lib/db/retry-while-disconnected";
import { openSend } from "@/lib/email/open-send";
import { checkSafety } from "@/lib/email/check-safety";
import { finishMessage, insertQueuedMessage, refundSend, type NewMessage } from "@/lib/email/message-store";
import { formatAddress } from "@/lib/providers/adapter";
import { isDemoOnly } from "@/lib/events/demo-addresses";
import type { SendEmailInput } from "@/lib/email/schemas";
import { env } from "@/lib/env";
import { instrumentHtml, type Tracking } from "@/lib/tracking/instrument-html";
import { applyTemplate } from "@/lib/templates/apply-template";
import { listUnsubscribeHeaders } from "@/lib/unsubscribe/tokens";
import { decryptSecret } from "@/lib/crypto/secret-box";

/** Marketing sends are tracked and transactional ones not, unless the send says otherwise. */
function trackingFor(enabled: boolean, input: SendEmailInput): Tracking {
  const byDefault = enabled && input.emailType === "marketing";
  return { opens: enabled && (input.tracking?.opens ?? byDefault), clicks: enabled && (input.tracking?.clicks ?? byDefault) };
}

interface SendOptions {
  principal: SendPrincipal;
  input: SendEmailInput;
  /** Sends above the bulk threshold were approved already (a scheduled send whose user had a
   * fresh second factor when scheduling it). */
  bulkApproved?: boolean;
  /** A campaign's send to one contact: the message and its events carry it (email_id null in events). */
  campaignSendId?: string;
  /** Called with the message's id once it is recorded, before any provider has it (a scheduled send links its row to it). */
  onRecorded?: (messageId: string) => Promise<void>;
  /** The request's budget for attachments fetched by URL, when one request sends several messages. */
  attachmentBudget?: ByteBudget;
}

export async function sendEmail({ principal, input, bulkApproved = false, campaignSendId, onRecorded, attachmentBudget }: SendOptions) {
  const orgId = principal.orgId;
  // templateId: the stored template's rendered subject, html and text replace the body's. The
  // schema still requires a subject of the body's own; the template's subject wins over it.
  input = await applyTemplate(orgId, input);
  // Attachments given by URL: checked now (400), fetched once the send has passed its checks.
  checkAttachmentUrls(input.attachments);
  const fetches = fetchesAttachments(input.attachments);
  const message = buildMessage(input, inlineAttachments(input.attachments));
  // Demo addresses go to the demo provider whatever is configured; mixed with real ones: 400.
  const demoOnly = isDemoOnly(message);
  let recipients = [...message.to, ...message.cc, ...message.bcc].map((a) => a.email.toLowerCase());
  const record: NewMessage = {
    orgId,
    projectId: boundProjectOf(principal),
    apiKeyId: principal.kind === "key" ? principal.keyId : null,
    userId: userIdOf(principal),
    fromAddress: formatAddress(message.from),
    to: message.to.map((a) => a.email),
    cc: message.cc.map((a) => a.email),
    bcc: message.bcc.map((a) => a.email),
    subject: message.subject,
    emailType: input.emailType,
    priority: input.priority,
    messageIdHeader: message.messageId,
    metadata: input.metadata,
    useCaseId: input.use_case_id ?? null,
    campaignSendId: campaignSendId ?? null,
    content: messageContent(message, input.tags),
  };
  // No from: the operator's DEFAULT_FROM, lent to every organization. Unset, the fallback
  // (mail@<host of APP_URL>) is lent to none: it is checked as any from, so in production a send
  // must name a verified one rather than speak from the instance's own domain.
  const sender = { address: input.from || !env().DEFAULT_FROM ? message.from.email : null, domain: message.from.email.split("@")[1] ?? "" };
  const bulkPreapproved = bulkApproved || (principal.kind === "key" && principal.allowBulk);
  let opened = await openSend(record, recipients, bulkPreapproved, sender);
  // A named use case must be the organization's own; the statement counted and recorded nothing.
  if (opened.useCaseRefused) {
    throw new AppError("VALIDATION_ERROR", "Invalid request: body.use_case_id: not a use case of this organization", [
      { path: "body.use_case_id", message: "not a use case of this organization" },
    ]);
  }
  if (opened.senderRefused) {
    await recordAudit({
      orgId,
      projectId: record.projectId ?? opened.context.defaultProjectId,
      ...actorOf(principal),
      action: "email.send",
      sendMode: opened.context.sendMode,
      recipientCount: recipients.length,
      outcome: "refused_sender",
      metadata: { subject: message.subject, from: message.from.email },
    });
    const orDefault = env().DEFAULT_FROM ? ", or leave from out to use the instance's default address" : "";
    throw new AppError(
      "SENDER_NOT_VERIFIED",
      `${message.from.email} is not a verified sender of this organization. In production, send from a confirmed sender or from an address at a verified domain (Senders and Domains)${orDefault}.`,
    );
  }
  // Suppressed recipients (hard bounces, complaints, unsubscribes, added by hand) get nothing:
  // the send goes on without them, reported in the result and as email.dropped events.
  const suppressed = opened.suppressed;
  if (suppressed.length) {
    const kept = (a: { email: string }) => !suppressed.includes(a.email.toLowerCase());
    [message.to, message.cc, message.bcc] = [message.to.filter(kept), message.cc.filter(kept), message.bcc.filter(kept)];
    // A message needs a To: the first Cc moves up when every To was suppressed (never a Bcc, which would show it).
    if (message.to.length === 0 && message.cc.length) [message.to, message.cc] = [message.cc.slice(0, 1), message.cc.slice(1)];
    recipients = recipients.filter((r) => !suppressed.includes(r));
    Object.assign(record, {
      to: message.to.map((a) => a.email),
      cc: message.cc.map((a) => a.email),
      bcc: message.bcc.map((a) => a.email),
      content: messageContent(message, input.tags),
    });
    if (recipients.length === 0 || message.to.length === 0) {
      await recordAudit({
        orgId,
        projectId: record.projectId ?? opened.context.defaultProjectId,
        ...actorOf(principal),
        action: "email.send",
        sendMode: opened.context.sendMode,
        recipientCount: suppressed.length,
        outcome: "refused_suppressed",
        metadata: { subject: message.subject, suppressed },
      });
      throw new AppError(
        "RECIPIENT_SUPPRESSED",
        `${suppressed.join(", ")} ${suppressed.length === 1 ? "is" : "are"} on this organization's suppression list (an earlier hard bounce, complaint or unsubscribe, or added by hand); nothing was sent. Remove the address from the list to send to it again.`,
      );
    }
    opened = await openSend(record, recipients, bulkPreapproved, sender);
  }
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
    await checkSafety({ principal, ctx, recipients, hasAllowance: opened.counted, bulkApproved }, async (outcome, metadata) => {
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

  const recordedId = id;
  /** No provider has it: the failure recorded (through a short database outage too), the count given back, the error thrown on. */
  const failBeforeProvider = async (err: unknown): Promise<never> => {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    await retryWhileDisconnected(() =>
      finishMessage(
        recordedId,
        { status: "failed", error: reason },
        auditEntry("failed", { messageId: recordedId, error: reason.slice(0, 500) }),
      ),
    );
    await refundSend(orgId);
    throw err;
  };
  if (fetches) message.attachments = await resolveAttachments(input.attachments, attachmentBudget).catch(failBeforeProvider);

  // Marketing mail carries RFC 8058 one-click unsubscribe (for its first recipient), unless the caller set their own.
  if (
    input.emailType === "marketing" &&
    message.to[0] &&
    !Object.keys(message.headers ?? {}).some((h) => h.toLowerCase() === "list-unsubscribe")
  ) {
    message.headers = {
      ...message.headers,
      ...listUnsubscribeHeaders(env().APP_URL, { messageId: id, recipient: message.to[0].email.toLowerCase() }),
    };
  }
  const tracking = trackingFor(ctx.trackingEnabled, input);
  if (message.html && (tracking.opens || tracking.clicks)) {
    // One token per message: a message to several recipients attributes its opens to the first.
    // The from-domain's tracking host, once its CNAME was found (read by openSend), else APP_URL's.
    message.html = instrumentHtml(message.html, {
      ...tracking,
      appUrl: env().APP_URL,
      trackingHost: opened.trackingHost,
      messageId: id,
      recipient: recipients[0],
    });
  }
  if (opened.dkim) {
    const { domainName, keySelector, sealed } = opened.dkim;
    message.dkim = { domainName, keySelector, privateKey: decryptSecret(sealed) };
  }
  let delivery: DeliveryResult;
  try {
    await onRecorded?.(id);
    delivery = demoOnly ? await deliverToDemo(message) : await deliver(ctx.providers, message, input.provider, id);
  } catch (err) {
    return failBeforeProvider(err);
  }
  // The provider has (or may have) it: whatever happens next, this send is not a failure to retry.
  return recordOutcome({
    orgId,
    projectId,
    messageId: id,
    campaignSendId,
    sendMode: ctx.sendMode,
    recipients,
    suppressed,
    delivery,
    message,
    dkim: opened.dkim,
    html: input.html,
    fetchedAttachments: fetches,
    auditEntry,
  });
}
