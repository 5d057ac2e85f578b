// GET /api/analytics/stats/{emailId} — one email's events, oldest first (dashboard; analytics.view)
import { legacyRoute } from "@/lib/http/legacy-route";
import { emailIdParamsSchema, emailStatsSchema } from "@/lib/analytics/schemas";
import { messageTimeline } from "@/lib/analytics/message-timeline";

export const GET = legacyRoute(
  { access: "session", permission: "analytics.view", params: emailIdParamsSchema, response: emailStatsSchema },
  async ({ principal, params }) => {
    const { message, events } = await messageTimeline({ principal, id: params.emailId });
    return { body: { emailId: message.id, events } };
  },
);
