// POST /api/account/password — {currentPassword, newPassword}: change your own password; every
// session ends, the dashboard signs in again with the new one (dashboard).
import { legacyRoute } from "@/lib/http/legacy-route";
import { changePasswordSchema } from "@/lib/account-links/schemas";
import { changePassword } from "@/lib/users/change-password";
import { outcomeSchema } from "@/lib/http/wire";

export const POST = legacyRoute(
  { access: "session", body: changePasswordSchema, response: outcomeSchema("changed") },
  async ({ principal, body }) => ({
    body: await changePassword({ orgId: principal.orgId, userId: principal.userId, input: body }),
  }),
);
