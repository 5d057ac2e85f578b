// DELETE /api/email/schedule/{id} — cancel a scheduled email: {cancelled} (session, or a key with email:send)
import { legacyRoute } from "@/lib/http/legacy-route";
import { cancelScheduled } from "@/lib/scheduling/manage-scheduled";
import { cancelResultSchema, scheduledIdParamsSchema } from "@/lib/scheduling/schemas";

export const DELETE = legacyRoute(
  { access: { keyScope: "email:send" }, params: scheduledIdParamsSchema, response: cancelResultSchema },
  async ({ principal, params }) => ({
    body: await cancelScheduled({ principal, id: params.id }),
  }),
);
