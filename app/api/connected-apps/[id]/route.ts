// DELETE /api/connected-apps/{id} — revoke one of the signed-in user's connected apps; its tokens stop working at once (dashboard; any member)
import { legacyRoute } from "@/lib/http/legacy-route";
import { idParamsSchema } from "@/lib/oauth/schemas";
import { revokeConnectedApp } from "@/lib/oauth/manage-apps";
import { outcomeSchema } from "@/lib/http/wire";

// Only the user's own connection: another user's (or organization's) id answers 404.
export const DELETE = legacyRoute(
  { access: "session", params: idParamsSchema, response: outcomeSchema("revoked") },
  async ({ principal, params }) => {
    await revokeConnectedApp({ orgId: principal.orgId, userId: principal.userId, id: params.id });
    return { body: { revoked: true } };
  },
);
