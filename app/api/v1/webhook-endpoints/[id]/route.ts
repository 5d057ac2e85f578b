// GET /api/v1/webhook-endpoints/:id — one endpoint (webhooks:read)
// PATCH /api/v1/webhook-endpoints/:id — change what the body names (webhooks:write)
// DELETE /api/v1/webhook-endpoints/:id — delete it (webhooks:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteEndpointOperation, getEndpointOperation, updateEndpointOperation } from "@/lib/webhooks/operations";
import { deleteEndpoint, getEndpointOrThrow, updateEndpoint } from "@/lib/webhooks/manage-endpoints";

export const GET = v1Route(getEndpointOperation, async ({ principal, params }) => ({
  data: await getEndpointOrThrow({ principal, id: params.id }),
}));

export const PATCH = v1Route(updateEndpointOperation, async ({ principal, params, body }) => ({
  data: await updateEndpoint({ principal, id: params.id, input: body }),
}));

export const DELETE = v1Route(deleteEndpointOperation, async ({ principal, params }) => ({
  data: await deleteEndpoint({ principal, id: params.id }),
}));
