// POST /api/org/members/{id}/password-reset — mail the member a one-use link to choose a new
// password (dashboard; members.manage; admins not for owners). 409 without a system mail transport.
import { legacyRoute } from "@/lib/http/legacy-route";
import { memberIdParamsSchema } from "@/lib/members/schemas";
import { linkSentSchema } from "@/lib/account-links/schemas";
import { requestPasswordReset } from "@/lib/account-links/reset-password";

export const POST = legacyRoute(
  { access: "session", permission: "members.manage", params: memberIdParamsSchema, response: linkSentSchema },
  async ({ principal, params }) => ({
    body: await requestPasswordReset({ orgId: principal.orgId, memberId: params.id, actor: principal }),
    status: 201,
  }),
);
