// An open (pixel fetched) or a click (tracked link followed) of a sent message becomes an
// email.opened / email.clicked event, published like any other (webhooks included), flagged
// when a machine rather than a person made it.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { publishEvents } from "@/lib/events/publish-events";
import { botReason, type RequestTraits } from "@/lib/tracking/bot-detection";
import type { TrackingClaim } from "@/lib/tracking/tokens";
import { log } from "@/lib/log";
import { dedupeDigest } from "@/lib/events/dedupe-digest";
import { NAMES_RECIPIENT } from "@/lib/email/message-recipients";

export async function recordInteraction(claim: TrackingClaim, traits: Omit<RequestTraits, "sinceSentMs">): Promise<void> {
  const [m] = await rawQuery<{
    org_id: string;
    project_id: string | null;
    send_mode: string;
    sent_at: Date | string | null;
    campaign_send_id: string | null;
  }>(
    // The recipient must still be one of the message's: once the address was erased
    // (lib/privacy), the person's old mail records nothing that would name them again.
    Prisma.sql`SELECT org_id::text, project_id::text, send_mode, sent_at, campaign_send_id::text FROM messages
      WHERE id = ${claim.messageId}::uuid AND status = 'sent' AND ${NAMES_RECIPIENT(claim.recipient)}`,
  );
  if (!m) return; // deleted since, or the recipient erased: nothing to attach it to
  const now = new Date();
  const bot = botReason({ ...traits, sinceSentMs: m.sent_at ? now.getTime() - new Date(m.sent_at).getTime() : null });
  await publishEvents([
    {
      orgId: m.org_id,
      projectId: m.project_id,
      messageId: claim.messageId,
      campaignSendId: m.campaign_send_id,
      recipient: claim.recipient,
      sendMode: m.send_mode,
      occurredAt: now,
      type: claim.kind === "o" ? "email.opened" : "email.clicked",
      url: claim.url,
      source: "tracking",
      // One event per link and kind of visitor per minute, however often it is fetched: a
      // forwarded email on a loop must not flood the event log and the customer's webhooks
      // (while a person opening right after a scanner still counts).
      dedupeKey: `track:${dedupeDigest(
        `${claim.kind}|${claim.messageId}|${claim.recipient}|${claim.url ?? ""}|${bot ?? "person"}|${Math.floor(now.getTime() / 60_000)}`,
      )}`,
      metadata: { bot: bot !== null, ...(bot ? { botReason: bot } : {}), userAgent: traits.userAgent?.slice(0, 300) ?? null },
    },
  ]).catch((err) => log.error("recording a tracked open or click failed", { err, messageId: claim.messageId }));
}

export function traitsOf(req: Request): Omit<RequestTraits, "sinceSentMs"> {
  const h = req.headers;
  return {
    method: req.method,
    userAgent: h.get("user-agent"),
    purpose: h.get("purpose") ?? h.get("sec-purpose") ?? h.get("x-purpose") ?? h.get("x-moz"),
  };
}
