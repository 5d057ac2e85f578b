// The webhook action: the message POSTed to one of the organization's webhook endpoints as an
// `inbound.received` delivery, signed, retried and logged exactly like outbound event
// deliveries (lib/webhooks). Bodies above 256 KiB are cut, with `truncated: true`; the whole
// message stays readable through GET /api/v1/inbox/messages/{id} when stored.
import { db } from "@/lib/db/client";
import { announceDeliveries } from "@/lib/webhooks/announce";
import { storedHeaders, type StoredMessage } from "@/lib/inbound/stored-message";
import type { ActionOutcome, ActionRun } from "@/lib/inbound/actions/action-run";
import type { Prisma } from "@/lib/generated/prisma/client";

export const INBOUND_EVENT_TYPE = "inbound.received";
const BODY_CAP = 256 * 1024;

export function inboundPayload(m: StoredMessage, rule: { id: string; name: string }): string {
  const cut = (s: string | null) => (s !== null && s.length > BODY_CAP ? s.slice(0, BODY_CAP) : s);
  return JSON.stringify({
    type: INBOUND_EVENT_TYPE,
    occurred_at: m.receivedAt.toISOString(),
    inbound_id: m.id,
    rule_id: rule.id,
    rule_name: rule.name,
    message_id: m.messageIdHeader,
    from: m.fromAddress ? { address: m.fromAddress, name: m.fromName } : null,
    to: m.toAddresses,
    cc: m.ccAddresses,
    envelope_to: m.envelopeTo,
    subject: m.subject,
    text: cut(m.text),
    html: cut(m.html),
    truncated: (m.text?.length ?? 0) > BODY_CAP || (m.html?.length ?? 0) > BODY_CAP,
    headers: storedHeaders(m),
    attachments: m.attachments.map((a) => ({ id: a.id, filename: a.filename, content_type: a.contentType, size: a.size })),
    in_reply_to: m.inReplyTo,
    received_at: m.receivedAt.toISOString(),
  });
}

/**
 * Queues the delivery and records this action's progress in one transaction (`progress`), so a
 * retried run neither loses nor repeats it.
 */
export async function webhook(
  { message: m, rule, action }: ActionRun<"webhook">,
  progress: (tx: Prisma.TransactionClient, outcome: ActionOutcome) => Promise<void>,
): Promise<ActionOutcome> {
  const endpoint = await db().webhookEndpoint.findFirst({ where: { id: action.endpointId, orgId: m.orgId } });
  if (!endpoint) return { status: "failed", detail: "the webhook endpoint no longer exists" };
  if (!endpoint.isActive) return { status: "skipped", detail: "the webhook endpoint is disabled" };
  const payload = inboundPayload(m, rule);
  const { id, outcome } = await db().$transaction(async (tx) => {
    const delivery = await tx.webhookDelivery.create({
      data: { orgId: m.orgId, endpointId: endpoint.id, eventType: INBOUND_EVENT_TYPE, payload },
    });
    const outcome: ActionOutcome = { status: "done", detail: `delivery ${delivery.id}` };
    await progress(tx, outcome);
    return { id: delivery.id, outcome };
  });
  await announceDeliveries([id]);
  return outcome;
}
