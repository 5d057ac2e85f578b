// GET /api/v1/webhook-endpoints — list endpoints, paginated (webhooks:read)
// POST /api/v1/webhook-endpoints — create an endpoint; its secret is shown once (webhooks:write)
import { v1Route } from "@/lib/http/v1-route";
import { createEndpointOperation, listEndpointsOperation } from "@/lib/webhooks/operations";

export const GET = v1Route(listEndpointsOperation);

export const POST = v1Route(createEndpointOperation);
