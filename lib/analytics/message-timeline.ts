// One message and its events, oldest first (SPEC GET /api/analytics/stats/{emailId}; v1
// GET /api/v1/analytics/messages/:messageId). Another organization's message is not found.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { Principal } from "@/lib/http/principal";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getMessageOrThrow({ principal, id }: { principal: Principal; id: string }) {
  const project = principal.kind === "key" ? principal.projectId : null;
  const message = UUID.test(id) ? await db().message.findFirst({ where: { id, orgId: principal.orgId, ...(project ? { projectId: project } : {}) } }) : null;
  if (!message) throw notFound("Email");
  return message;
}

export async function messageTimeline({ principal, id }: { principal: Principal; id: string }) {
  const message = await getMessageOrThrow({ principal, id });
  const events = await db().emailEvent.findMany({ where: { messageId: message.id }, orderBy: [{ occurredAt: "asc" }, { createdAt: "asc" }, { id: "asc" }] });
  return { message, events };
}
