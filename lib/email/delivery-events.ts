// The events of a message a provider took: email.sent for each recipient it took and, for each
// one it refused outright while taking the message for the others (an SMTP relay's refusal at
// RCPT TO), email.bounced, hard when the refusal was permanent (which suppresses the address)
// and soft otherwise. Keyed once per message and recipient, so recording twice publishes once.
import type { NewEvent } from "@/lib/events/publish-events";
import type { RefusedRecipient } from "@/lib/providers/adapter";
import { dedupeDigest } from "@/lib/events/dedupe-digest";

/**
 * The dedupe key of a bounce, deferral or complaint of one recipient of one message, whether the
 * send path or a report (lib/bounces) records it: one of each kind, whoever tells it first.
 */
export const bounceKey = ({ messageId, recipient, type, kind }: { messageId: string; recipient: string; type: string; kind?: string }) =>
  `bounce:${messageId}:${dedupeDigest(`${recipient}|${type}|${kind ?? ""}`)}`;

export interface SentMessage {
  orgId: string;
  projectId: string | null;
  messageId: string;
  campaignSendId?: string | null;
  sendMode: string;
}

export function deliveryEvents(
  m: SentMessage,
  recipients: string[],
  { providerId, occurredAt, refused = [] }: { providerId: string | null; occurredAt: Date; refused?: RefusedRecipient[] },
): NewEvent[] {
  const refusals = new Map(refused.map((r) => [r.email.toLowerCase(), r]));
  const common = { ...m, occurredAt, source: "send" as const, providerId };
  return [...new Set(recipients.map((r) => r.toLowerCase()))].map((recipient): NewEvent => {
    const refusal = refusals.get(recipient);
    if (!refusal) return { ...common, type: "email.sent", recipient, dedupeKey: `send:${m.messageId}:${recipient}` };
    const kind = refusal.permanent ? "hard" : "soft";
    const type = "email.bounced";
    return {
      ...common,
      type,
      recipient,
      reason: refusal.reason,
      bounceKind: kind,
      dedupeKey: bounceKey({ messageId: m.messageId, recipient, type, kind }),
    };
  });
}
