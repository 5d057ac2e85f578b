// GET /api/v1/email/scheduled/:id — one scheduled email (email:send)
// DELETE /api/v1/email/scheduled/:id — cancel it: {cancelled} (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { cancelScheduledOperation, getScheduledOperation } from "@/lib/scheduling/operations";
import { cancelScheduled, getScheduledOrThrow } from "@/lib/scheduling/manage-scheduled";

export const GET = v1Route(getScheduledOperation, async ({ principal, params }) => ({
  data: await getScheduledOrThrow({ principal, id: params.id }),
}));

export const DELETE = v1Route(cancelScheduledOperation, async ({ principal, params }) => ({
  data: await cancelScheduled({ principal, id: params.id }),
}));
