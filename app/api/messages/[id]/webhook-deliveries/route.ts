// GET /api/messages/{id}/webhook-deliveries — the webhook deliveries a message's events caused (dashboard; webhooks.view)
import { legacyRoute } from "@/lib/http/legacy-route";
import { messageDeliveriesParamsSchema, messageDeliveriesSchema } from "@/lib/webhooks/schemas";
import { messageDeliveries } from "@/lib/webhooks/message-deliveries";

export const GET = legacyRoute(
  { access: "session", permission: "webhooks.view", params: messageDeliveriesParamsSchema, response: messageDeliveriesSchema },
  async ({ principal, params }) => ({
    body: { deliveries: await messageDeliveries({ principal, messageId: params.id }) },
  }),
);
