// POST /api/analytics/track — record a manual event for an email: {success} (dashboard; email.send)
import { legacyRoute } from "@/lib/http/legacy-route";
import { trackEventSchema } from "@/lib/analytics/schemas";
import { trackEvent } from "@/lib/analytics/track-event";
import { outcomeSchema } from "@/lib/http/wire";

export const POST = legacyRoute(
  { access: "session", permission: "email.send", body: trackEventSchema, response: outcomeSchema("success") },
  async ({ principal, body }) => ({
    body: await trackEvent({ principal, input: body }),
  }),
);
