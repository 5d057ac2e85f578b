// POST /api/analytics/track (SPEC): records a manual event for one of the organization's
// emails; it flows through the same pipeline as any other (rollups, webhooks, suppression).
import { publishEvents } from "@/lib/events/publish-events";
import { AppError } from "@/lib/errors/app-error";
import { getMessageOrThrow } from "@/lib/analytics/message-timeline";
import { userIdOf, type Principal } from "@/lib/auth/principal";
import type { z } from "zod";
import type { trackEventSchema } from "@/lib/analytics/schemas";

export async function trackEvent({ principal, input }: { principal: Principal; input: z.output<typeof trackEventSchema> }) {
  const message = await getMessageOrThrow({ principal, id: input.emailId });
  const recipients = [...message.to, ...message.cc, ...message.bcc].map((r) => r.toLowerCase());
  if (input.recipient && !recipients.includes(input.recipient.toLowerCase())) {
    // A manual bounce or complaint suppresses its recipient: only the email's own recipients.
    throw new AppError("VALIDATION_ERROR", "Invalid request: body.recipient: not a recipient of this email", [
      { path: "body.recipient", message: "not a recipient of this email" },
    ]);
  }
  const { published } = await publishEvents([
    {
      orgId: message.orgId,
      projectId: message.projectId,
      messageId: message.id,
      type: input.type,
      recipient: (input.recipient ?? message.to[0] ?? "").toLowerCase(),
      sendMode: message.sendMode,
      occurredAt: new Date(),
      url: input.url,
      reason: input.reason,
      source: "manual",
      metadata: { ...input.metadata, ...(input.provider ? { provider: input.provider } : {}), recordedBy: userIdOf(principal) },
    },
  ]);
  return { success: published === 1 };
}
