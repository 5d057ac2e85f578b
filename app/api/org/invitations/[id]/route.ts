// DELETE /api/org/invitations/{id} — revoke a pending invitation: its link opens nothing from
// then on (dashboard; members.manage; admins not for owner invitations). 404 for another
// organization's or one no longer pending.
import { legacyRoute } from "@/lib/http/legacy-route";
import { invitationIdParamsSchema } from "@/lib/account-links/schemas";
import { revokeInvitation } from "@/lib/account-links/invitations";
import { outcomeSchema } from "@/lib/http/wire";

export const DELETE = legacyRoute(
  { access: "session", permission: "members.manage", params: invitationIdParamsSchema, response: outcomeSchema("revoked") },
  async ({ principal, params }) => ({
    body: await revokeInvitation({ orgId: principal.orgId, id: params.id, actor: principal }),
  }),
);
