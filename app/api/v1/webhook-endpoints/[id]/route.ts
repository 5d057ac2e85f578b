// GET /api/v1/webhook-endpoints/:id — one endpoint (webhooks:read)
// PATCH /api/v1/webhook-endpoints/:id — change what the body names (webhooks:write)
// DELETE /api/v1/webhook-endpoints/:id — delete it (webhooks:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteEndpointOperation, getEndpointOperation, updateEndpointOperation } from "@/lib/webhooks/operations";

export const GET = v1Route(getEndpointOperation);

export const PATCH = v1Route(updateEndpointOperation);

export const DELETE = v1Route(deleteEndpointOperation);
