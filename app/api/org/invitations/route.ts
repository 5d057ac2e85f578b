// GET /api/org/invitations — pending invitations: email, role, who invited, when, until when;
// never the link (dashboard; members.view).
// POST /api/org/invitations — invite a person by email; the emailed link lets them choose their
// own password, or sign in to an account they have (dashboard; members.manage). 409 without a
// system mail transport.
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { invitationSchema, inviteMemberSchema, linkSentSchema } from "@/lib/account-links/schemas";
import { inviteMember } from "@/lib/account-links/invite-member";
import { listInvitations } from "@/lib/account-links/invitations";

export const GET = legacyRoute(
  { access: "session", permission: "members.view", response: z.object({ invitations: z.array(invitationSchema) }) },
  async ({ principal }) => ({
    body: { invitations: await listInvitations({ orgId: principal.orgId }) },
  }),
);

export const POST = legacyRoute(
  { access: "session", permission: "members.manage", body: inviteMemberSchema, response: linkSentSchema },
  async ({ principal, body }) => ({
    body: await inviteMember({ orgId: principal.orgId, actor: principal, input: body }),
    status: 201,
  }),
);
