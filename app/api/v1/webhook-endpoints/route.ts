// GET /api/v1/webhook-endpoints — list endpoints, paginated (webhooks:read)
// POST /api/v1/webhook-endpoints — create an endpoint; its secret is shown once (webhooks:write)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createEndpointOperation, listEndpointsOperation } from "@/lib/webhooks/operations";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/manage-endpoints";

export const GET = v1Route(listEndpointsOperation, async ({ principal, query }) => {
  const { items, total } = await listEndpoints({ principal, ...pageWindow(query) });
  return paginated(items, total, query);
});

export const POST = v1Route(createEndpointOperation, async ({ principal, body }) => ({
  data: await createEndpoint({ principal, input: body }),
}));
