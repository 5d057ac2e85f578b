// PATCH /api/account/profile — {name}: your own name, as the dashboard greets you (dashboard).
import { legacyRoute } from "@/lib/http/legacy-route";
import { profileSchema, updateProfileSchema } from "@/lib/users/schemas";
import { updateProfile } from "@/lib/users/update-profile";

export const PATCH = legacyRoute(
  { access: "session", body: updateProfileSchema, response: profileSchema },
  async ({ principal, body }) => ({
    body: await updateProfile({ userId: principal.userId, input: body }),
  }),
);
