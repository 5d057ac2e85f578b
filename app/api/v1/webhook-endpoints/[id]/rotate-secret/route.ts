// POST /api/v1/webhook-endpoints/:id/rotate-secret — a new secret, shown once (webhooks:write)
import { v1Route } from "@/lib/http/v1-route";
import { rotateSecretOperation } from "@/lib/webhooks/operations";
import { rotateEndpointSecret } from "@/lib/webhooks/manage-endpoints";

export const POST = v1Route(rotateSecretOperation, async ({ principal, params }) => ({
  data: await rotateEndpointSecret({ principal, id: params.id }),
}));
