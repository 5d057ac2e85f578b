// POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/resend — queue that body again (dashboard; webhooks.manage)
import { legacyRoute } from "@/lib/http/legacy-route";
import { deliveryParamsSchema, deliverySchema } from "@/lib/webhooks/schemas";
import { resendDelivery } from "@/lib/webhooks/endpoint-deliveries";

export const POST = legacyRoute(
  { access: "session", permission: "webhooks.manage", params: deliveryParamsSchema, response: deliverySchema },
  async ({ principal, params }) => ({
    body: await resendDelivery({ principal, endpointId: params.id, deliveryId: params.deliveryId }),
    status: 202,
  }),
);
