// POST /api/analytics/track (SPEC): records a manual event for one of the organization's
// emails; it flows through the same pipeline as any other (rollups, webhooks, suppression).
import { publishEvents } from "@/lib/events/publish-events";
import { getMessageOrThrow } from "@/lib/analytics/message-timeline";
import type { Principal } from "@/lib/http/principal";
import type { z } from "zod";
import type { trackEventSchema } from "@/lib/analytics/schemas";

export async function trackEvent({ principal, input }: { principal: Principal; input: z.output<typeof trackEventSchema> }) {
  const message = await getMessageOrThrow({ principal, id: input.emailId });
  const { published } = await publishEvents([
    {
      orgId: message.orgId, projectId: message.projectId, messageId: message.id, type: input.type,
      recipient: (input.recipient ?? message.to[0] ?? "").toLowerCase(), sendMode: message.sendMode, occurredAt: new Date(),
      url: input.url, reason: input.reason, source: "manual",
      metadata: { ...input.metadata, ...(input.provider ? { provider: input.provider } : {}), recordedBy: principal.kind === "session" ? principal.userId : null },
    },
  ]);
  return { success: published === 1 };
}
