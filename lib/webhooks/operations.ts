import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema } from "@/lib/http/pagination";
import {
  createEndpointSchema,
  deletedSchema,
  endpointIdParamsSchema,
  endpointSchema,
  endpointWithSecretSchema,
  updateEndpointSchema,
} from "@/lib/webhooks/schemas";

const base = { tag: "Webhook endpoints" } as const;

export const listEndpointsOperation = defineOperation({
  ...base,
  method: "GET",
  path: "/api/v1/webhook-endpoints",
  summary: "List webhook endpoints (without secrets)",
  scope: "webhooks:read",
  query: pageQuerySchema,
  response: z.array(endpointSchema),
  paginated: true,
});

export const createEndpointOperation = defineOperation({
  ...base,
  method: "POST",
  path: "/api/v1/webhook-endpoints",
  summary: "Create a webhook endpoint; the response carries its signing secret, shown only once",
  scope: "webhooks:write",
  body: createEndpointSchema,
  response: endpointWithSecretSchema,
  status: 201,
});

export const getEndpointOperation = defineOperation({
  ...base,
  method: "GET",
  path: "/api/v1/webhook-endpoints/{id}",
  summary: "Get one webhook endpoint",
  scope: "webhooks:read",
  params: endpointIdParamsSchema,
  response: endpointSchema,
});

export const updateEndpointOperation = defineOperation({
  ...base,
  method: "PATCH",
  path: "/api/v1/webhook-endpoints/{id}",
  summary: "Change any of url, description, events, isActive; omitted fields stay as they are",
  scope: "webhooks:write",
  params: endpointIdParamsSchema,
  body: updateEndpointSchema,
  response: endpointSchema,
});

export const deleteEndpointOperation = defineOperation({
  ...base,
  method: "DELETE",
  path: "/api/v1/webhook-endpoints/{id}",
  summary: "Delete a webhook endpoint (its pending deliveries stop)",
  scope: "webhooks:write",
  params: endpointIdParamsSchema,
  response: deletedSchema,
});

export const rotateSecretOperation = defineOperation({
  ...base,
  method: "POST",
  path: "/api/v1/webhook-endpoints/{id}/rotate-secret",
  summary: "Issue a new signing secret (shown only once); the old one also signs for 24 hours",
  scope: "webhooks:write",
  params: endpointIdParamsSchema,
  response: endpointWithSecretSchema,
});
