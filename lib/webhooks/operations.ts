import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import {
  createEndpointSchema,
  deletedSchema,
  endpointIdParamsSchema,
  endpointSchema,
  endpointWithSecretSchema,
  updateEndpointSchema,
} from "@/lib/webhooks/schemas";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpointOrThrow,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from "@/lib/webhooks/manage-endpoints";

const base = { tag: "Webhook endpoints" } as const;

export const listEndpointsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/webhook-endpoints",
    summary: "List webhook endpoints (without secrets)",
    scope: "webhooks:read",
    query: pageQuerySchema,
    response: z.array(endpointSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listEndpoints({ principal, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

export const createEndpointOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/webhook-endpoints",
    summary: "Create a webhook endpoint; the response carries its signing secret, shown only once",
    scope: "webhooks:write",
    body: createEndpointSchema,
    response: endpointWithSecretSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createEndpoint({ principal, input: body }),
  }),
);

export const getEndpointOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/webhook-endpoints/{id}",
    summary: "Get one webhook endpoint",
    scope: "webhooks:read",
    params: endpointIdParamsSchema,
    response: endpointSchema,
  },
  async ({ principal, params }) => ({
    data: await getEndpointOrThrow({ principal, id: params.id }),
  }),
);

export const updateEndpointOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/webhook-endpoints/{id}",
    summary: "Change any of url, description, events, isActive; omitted fields stay as they are",
    scope: "webhooks:write",
    params: endpointIdParamsSchema,
    body: updateEndpointSchema,
    response: endpointSchema,
  },
  async ({ principal, params, body }) => ({
    data: await updateEndpoint({ principal, id: params.id, input: body }),
  }),
);

export const deleteEndpointOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/webhook-endpoints/{id}",
    summary: "Delete a webhook endpoint (its pending deliveries stop)",
    scope: "webhooks:write",
    params: endpointIdParamsSchema,
    response: deletedSchema,
  },
  async ({ principal, params }) => ({
    data: await deleteEndpoint({ principal, id: params.id }),
  }),
);

export const rotateSecretOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/webhook-endpoints/{id}/rotate-secret",
    summary: "Issue a new signing secret (shown only once); the old one also signs for 24 hours",
    scope: "webhooks:write",
    params: endpointIdParamsSchema,
    response: endpointWithSecretSchema,
  },
  async ({ principal, params }) => ({
    data: await rotateEndpointSecret({ principal, id: params.id }),
  }),
);
