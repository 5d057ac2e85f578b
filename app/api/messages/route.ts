// GET /api/messages — the messages log: search by recipient or subject, filter by status (dashboard; analytics.view)
import { legacyRoute } from "@/lib/http/legacy-route";
import { messageListQuerySchema, messageListSchema } from "@/lib/analytics/schemas";
import { listMessages } from "@/lib/analytics/list-messages";

export const GET = legacyRoute(
  { access: "session", permission: "analytics.view", query: messageListQuerySchema, response: messageListSchema },
  async ({ principal, query }) => ({
    body: await listMessages({ principal, query }),
  }),
);
