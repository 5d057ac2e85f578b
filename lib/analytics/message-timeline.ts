// One message and its events, oldest first (SPEC GET /api/analytics/stats/{emailId}; v1
// GET /api/v1/analytics/messages/:messageId). Another organization's message is not found.
// Its status is what the provider last reported (lib/events/message-status.ts), for the message
// and for each recipient; its content is what the send kept of it (lib/email/message-content.ts).
import { db } from "@/lib/db/client";
import { isUuid } from "@/lib/db/uuid";
import { notFound } from "@/lib/errors/app-error";
import type { Principal } from "@/lib/auth/principal";
import { recipientStatuses, shownStatus, statusSummary } from "@/lib/events/message-status";
import type { Message } from "@/lib/generated/prisma/client";
import { tagPairs } from "@/lib/email/tags";

export async function getMessageOrThrow({ principal, id }: { principal: Principal; id: string }) {
  const project = principal.kind === "key" ? principal.projectId : null;
  const message = isUuid(id)
    ? await db().message.findFirst({ where: { id, orgId: principal.orgId, ...(project ? { projectId: project } : {}) } })
    : null;
  if (!message) throw notFound("Email");
  return message;
}

/** The message as the API shows it: its reported status, each recipient's, and its tags as {name, value}. */
export function shownMessage(m: Message) {
  const recipients = recipientStatuses([...m.to, ...m.cc, ...m.bcc], m.status, m.recipientStatuses as Record<string, string>);
  return {
    ...m,
    status: shownStatus(m.status, m.deliveryStatus),
    statusSummary: statusSummary(recipients),
    recipients,
    tags: tagPairs(m.tags),
  };
}

export async function messageTimeline({ principal, id }: { principal: Principal; id: string }) {
  const message = await getMessageOrThrow({ principal, id });
  const events = await db().emailEvent.findMany({
    where: { messageId: message.id },
    orderBy: [{ occurredAt: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return { message: shownMessage(message), events };
}
