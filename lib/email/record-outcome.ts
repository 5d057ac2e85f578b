// What a send records once a provider has (or may have) its message: sent, with its email.sent
// events (and the demo provider's later ones), or unconfirmed, with the job that settles it
// (reconcile-send.ts); the suppressed recipients' email.dropped events either way. Recording
// failing never makes the send fail: it is tried again through a short database outage and,
// past that, in the background.
import type { AuditEntry } from "@/lib/audit/record-audit";
import type { DeliveryResult } from "@/lib/email/deliver";
import type { SealedDkimKey } from "@/lib/email/open-send";
import { announceReconcile, reconcileAt, reconcileJob } from "@/lib/email/reconcile-send";
import { storeMessage } from "@/lib/email/stored-message";
import { finishMessage } from "@/lib/email/message-store";
import { messageContent } from "@/lib/email/message-content";
import { retryThenKeepTrying } from "@/lib/db/retry-while-disconnected";
import type { NewEvent } from "@/lib/events/publish-events";
import { demoEventsFor } from "@/lib/events/demo-events";
import { deliveryEvents } from "@/lib/email/delivery-events";
import { firstLink } from "@/lib/events/demo-plan";
import type { OutgoingMessage } from "@/lib/providers/adapter";
import { log } from "@/lib/log";

interface OutcomeOptions {
  orgId: string;
  projectId: string | null;
  messageId: string;
  campaignSendId: string | undefined;
  sendMode: string;
  recipients: string[];
  suppressed: string[];
  delivery: DeliveryResult;
  message: OutgoingMessage;
  dkim: SealedDkimKey | null;
  /** The html as the caller gave it (its first link is the demo provider's click). */
  html: string | undefined;
  /** Attachments were fetched by URL after the message was recorded: the stored list is the message's now. */
  fetchedAttachments: boolean;
  auditEntry: (outcome: string, metadata?: Record<string, string | number | string[] | null>) => AuditEntry;
}

export async function recordOutcome(o: OutcomeOptions) {
  const {
    orgId,
    projectId,
    messageId: id,
    campaignSendId,
    sendMode,
    recipients,
    suppressed,
    delivery,
    message,
    dkim,
    html,
    auditEntry,
  } = o;
  const occurredAt = new Date();
  const fetched = o.fetchedAttachments ? messageContent(message).attachments : null;
  const dropped = suppressed.map((recipient): NewEvent => ({
    orgId,
    projectId,
    messageId: id,
    campaignSendId,
    type: "email.dropped",
    recipient,
    sendMode: sendMode,
    occurredAt,
    source: "send",
    reason: "suppressed: on the organization's suppression list",
    dedupeKey: `suppressed:${id}:${recipient}`,
  }));
  if (delivery.status === "unconfirmed") {
    // The recipients the provider refused for certain are bounces already; the rest wait.
    const refused = delivery.refused ?? [];
    const refusedEvents = refused.length
      ? deliveryEvents(
          { orgId, projectId, messageId: id, campaignSendId, sendMode },
          refused.map((r) => r.email),
          {
            providerId: delivery.providerId,
            occurredAt,
            refused,
          },
        )
      : [];
    // Not failed over: the provider may have it. Recorded with the job that settles it (reconcile-send.ts).
    const runAt = reconcileAt();
    const job = reconcileJob(
      {
        messageId: id,
        providerId: delivery.providerId,
        round: 1,
        tried: [delivery.providerId],
        reasked: [],
        message: storeMessage(message, dkim),
      },
      runAt,
    );
    const unconfirmed = {
      status: "unconfirmed" as const,
      attachments: fetched,
      providerId: delivery.providerId,
      providerName: delivery.providerName,
      error: delivery.reason,
      reconcileAt: runAt,
    };
    await retryThenKeepTrying(`message ${id}'s unconfirmed outcome`, () =>
      finishMessage(
        id,
        unconfirmed,
        auditEntry("unconfirmed", { messageId: id, provider: delivery.providerName, reason: delivery.reason.slice(0, 500) }),
        { events: [...dropped, ...refusedEvents], job },
      ),
    )
      .then(({ jobId }) => announceReconcile(jobId, runAt))
      .catch((err) =>
        log.error("a provider may have a message but recording it failed; it will not be reconciled", { err, messageId: id }),
      );
    return {
      id,
      messageId: null,
      status: "unconfirmed" as const,
      provider: delivery.providerName,
      sentAt: null,
      ...(suppressed.length ? { suppressed } : {}),
    };
  }
  const sentEvents = [
    ...deliveryEvents({ orgId, projectId, messageId: id, campaignSendId, sendMode }, recipients, {
      providerId: delivery.providerId,
      occurredAt,
      refused: delivery.refused,
    }),
    ...dropped,
  ];
  // The demo provider's delivery, open and click events follow later, as a real provider's would.
  const scheduled =
    delivery.providerType === "demo"
      ? demoEventsFor({
          orgId,
          projectId,
          messageId: id,
          campaignSendId,
          sendMode: sendMode,
          recipients,
          sentAt: occurredAt,
          link: firstLink(html),
        })
      : [];
  // Recording the outcome failing must not make the caller (or a scheduled retry) send again:
  // it is tried again through a short database outage; past that the send is answered as sent
  // and the outcome goes on being recorded in the background once the database is back.
  const sentAt = await retryThenKeepTrying(`message ${id}'s sent outcome`, () =>
    finishMessage(
      id,
      { ...delivery, status: "sent", attachments: fetched },
      auditEntry("sent", { messageId: id, provider: delivery.providerName }),
      {
        events: sentEvents,
        scheduled,
      },
    ),
  ).then(
    (r) => r.sentAt,
    (err) => {
      log.error("the provider accepted a message but recording it failed", { err, messageId: id });
      return occurredAt;
    },
  );
  return {
    id,
    messageId: delivery.providerMessageId,
    status: "sent" as const,
    provider: delivery.providerName,
    sentAt,
    ...(suppressed.length ? { suppressed } : {}),
  };
}
