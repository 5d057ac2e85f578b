// GET /api/org/members — members and roles (dashboard)
// POST /api/org/members — add a member who can sign in (dashboard; members.manage)
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { addMemberSchema, memberSchema } from "@/lib/members/schemas";
import { listMembers } from "@/lib/members/list-members";
import { addMember } from "@/lib/members/add-member";

export const GET = legacyRoute(
  { access: "session", permission: "members.view", response: z.object({ members: z.array(memberSchema) }) },
  async ({ principal }) => ({
    body: { members: await listMembers({ orgId: principal.orgId }) },
  }),
);

export const POST = legacyRoute(
  { access: "session", permission: "members.manage", body: addMemberSchema, response: memberSchema },
  async ({ principal, body }) => {
    const member = await addMember({ orgId: principal.orgId, actor: principal, input: body });
    return { body: member, status: 201 };
  },
);
