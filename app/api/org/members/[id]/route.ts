// PATCH /api/org/members/{id} — change a member's role (dashboard; members.manage)
// DELETE /api/org/members/{id} — remove a member (dashboard; members.manage)
import { legacyRoute } from "@/lib/http/legacy-route";
import { outcomeSchema } from "@/lib/http/wire";
import { memberIdParamsSchema, memberSchema, updateMemberSchema } from "@/lib/members/schemas";
import { removeMember, updateMemberRole } from "@/lib/members/change-member";

export const PATCH = legacyRoute(
  { access: "session", permission: "members.manage", params: memberIdParamsSchema, body: updateMemberSchema, response: memberSchema },
  async ({ principal, params, body }) => {
    const member = await updateMemberRole({ orgId: principal.orgId, memberId: params.id, actor: principal, role: body.role });
    return { body: member };
  },
);

export const DELETE = legacyRoute(
  { access: "session", permission: "members.manage", params: memberIdParamsSchema, response: outcomeSchema("removed") },
  async ({ principal, params }) => ({
    body: await removeMember({ orgId: principal.orgId, memberId: params.id, actor: principal }),
  }),
);
