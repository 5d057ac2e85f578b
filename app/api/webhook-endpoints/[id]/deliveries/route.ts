// GET /api/webhook-endpoints/{id}/deliveries — delivery history with every attempt (dashboard; webhooks.view)
import { legacyRoute } from "@/lib/http/legacy-route";
import { deliveriesQuerySchema, deliveryPageSchema, endpointIdParamsSchema } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/endpoint-deliveries";

export const GET = legacyRoute(
  {
    access: "session",
    permission: "webhooks.view",
    params: endpointIdParamsSchema,
    query: deliveriesQuerySchema,
    response: deliveryPageSchema,
  },
  async ({ principal, params, query }) => {
    const { items, total } = await listDeliveries({
      principal,
      endpointId: params.id,
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    });
    return { body: { deliveries: items, total, page: query.page, pageSize: query.pageSize } };
  },
);
