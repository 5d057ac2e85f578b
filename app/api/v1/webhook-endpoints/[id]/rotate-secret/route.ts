// POST /api/v1/webhook-endpoints/:id/rotate-secret — a new secret, shown once (webhooks:write)
import { v1Route } from "@/lib/http/v1-route";
import { rotateSecretOperation } from "@/lib/webhooks/operations";

export const POST = v1Route(rotateSecretOperation);
