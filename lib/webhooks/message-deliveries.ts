// The webhook deliveries a message's events caused, newest first, with their endpoint: the
// message page lists them and links to the webhooks page. At most MAX_MESSAGE_DELIVERIES.
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/auth/principal";
import { getMessageOrThrow } from "@/lib/analytics/message-timeline";

export const MAX_MESSAGE_DELIVERIES = 200;

export async function messageDeliveries({ principal, messageId }: { principal: Principal; messageId: string }) {
  const message = await getMessageOrThrow({ principal, id: messageId });
  const rows = await db().webhookDelivery.findMany({
    where: { orgId: message.orgId, event: { messageId: message.id } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: MAX_MESSAGE_DELIVERIES,
    include: { endpoint: { select: { id: true, url: true } } },
  });
  return rows.map((d) => ({
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: d.createdAt,
    completedAt: d.completedAt,
    endpoint: d.endpoint,
  }));
}
