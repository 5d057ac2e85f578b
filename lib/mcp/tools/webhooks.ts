// list_webhook_endpoints, create_webhook_endpoint and update_webhook_endpoint:
// GET, POST /api/v1/webhook-endpoints and PATCH /api/v1/webhook-endpoints/:id.
import { createEndpointOperation, listEndpointsOperation, updateEndpointOperation } from "@/lib/webhooks/operations";
import { READ_ONLY } from "@/lib/mcp/define-tool";
import { operationTool } from "@/lib/mcp/operation-tool";

export const listWebhookEndpointsTool = operationTool(listEndpointsOperation, {
  name: "list_webhook_endpoints",
  title: "List webhook endpoints",
  description:
    "The organization's webhook endpoints, newest first, without their secrets (page, perPage up to 100). Needs the webhooks:read scope.",
  annotations: READ_ONLY,
});

export const createWebhookEndpointTool = operationTool(createEndpointOperation, {
  name: "create_webhook_endpoint",
  title: "Create a webhook endpoint",
  description:
    "Register a public https URL to receive signed events (events: the types to subscribe to; omitted means all). " +
    "The result carries the signing secret, shown only this once. Needs the webhooks:write scope.",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
});

export const updateWebhookEndpointTool = operationTool(updateEndpointOperation, {
  name: "update_webhook_endpoint",
  title: "Update a webhook endpoint",
  description:
    "Change any of url, description, events and isActive of the endpoint id; omitted fields stay as they are " +
    "(isActive true re-enables a disabled endpoint). Needs the webhooks:write scope.",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
});
