// list_webhook_endpoints, create_webhook_endpoint and update_webhook_endpoint:
// GET, POST /api/v1/webhook-endpoints and PATCH /api/v1/webhook-endpoints/:id.
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createEndpointOperation, listEndpointsOperation, updateEndpointOperation } from "@/lib/webhooks/operations";
import { createEndpoint, listEndpoints, updateEndpoint } from "@/lib/webhooks/manage-endpoints";
import { defineTool, READ_ONLY } from "@/lib/mcp/define-tool";
import { paramsAndBody } from "@/lib/mcp/tool-input";

export const listWebhookEndpointsTool = defineTool({
  name: "list_webhook_endpoints",
  title: "List webhook endpoints",
  description: "The organization's webhook endpoints, newest first, without their secrets (page, perPage up to 100). Needs the webhooks:read scope.",
  op: listEndpointsOperation,
  input: listEndpointsOperation.query,
  annotations: READ_ONLY,
  run: async (principal, query) => {
    const { items, total } = await listEndpoints({ principal, ...pageWindow(query) });
    return paginated(items, total, query);
  },
});

export const createWebhookEndpointTool = defineTool({
  name: "create_webhook_endpoint",
  title: "Create a webhook endpoint",
  description:
    "Register a public https URL to receive signed events (events: the types to subscribe to; omitted means all). " +
    "The result carries the signing secret, shown only this once. Needs the webhooks:write scope.",
  op: createEndpointOperation,
  input: createEndpointOperation.body,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async (principal, body) => ({ data: await createEndpoint({ principal, input: body }) }),
});

export const updateWebhookEndpointTool = defineTool({
  name: "update_webhook_endpoint",
  title: "Update a webhook endpoint",
  description:
    "Change any of url, description, events and isActive of the endpoint id; omitted fields stay as they are " +
    "(isActive true re-enables a disabled endpoint). Needs the webhooks:write scope.",
  op: updateEndpointOperation,
  input: paramsAndBody(updateEndpointOperation.params, updateEndpointOperation.body),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (principal, { id, ...body }) => ({ data: await updateEndpoint({ principal, id, input: body }) }),
});
