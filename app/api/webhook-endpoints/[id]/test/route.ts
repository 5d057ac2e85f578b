// POST /api/webhook-endpoints/{id}/test — send the test event now and report how it went (dashboard; webhooks.manage)
import { legacyRoute } from "@/lib/http/legacy-route";
import { endpointIdParamsSchema, testResultSchema } from "@/lib/webhooks/schemas";
import { sendTestEvent } from "@/lib/webhooks/endpoint-deliveries";

export const POST = legacyRoute(
  { access: "session", permission: "webhooks.manage", params: endpointIdParamsSchema, response: testResultSchema },
  async ({ principal, params }) => ({ body: await sendTestEvent({ principal, endpointId: params.id }) }),
);
