// DELETE /api/oauth-apps/{id} — delete an app; every connection to it ends (dashboard; keys.manage)
import { legacyRoute } from "@/lib/http/legacy-route";
import { idParamsSchema } from "@/lib/oauth/schemas";
import { deleteApp } from "@/lib/oauth/manage-apps";
import { outcomeSchema } from "@/lib/http/wire";

export const DELETE = legacyRoute(
  { access: "session", permission: "keys.manage", params: idParamsSchema, response: outcomeSchema("deleted") },
  async ({ principal, params }) => {
    await deleteApp({ orgId: principal.orgId, userId: principal.userId, id: params.id });
    return { body: { deleted: true } };
  },
);
