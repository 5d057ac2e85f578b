// POST /api/org/invitations — invite a person by email; they choose their own password through
// the emailed link (dashboard; members.manage). 409 without a system mail transport.
import { legacyRoute } from "@/lib/http/legacy-route";
import { toWire } from "@/lib/http/wire";
import { inviteMemberSchema, linkSentSchema } from "@/lib/account-links/schemas";
import { inviteMember } from "@/lib/account-links/invite-member";

export const POST = legacyRoute({ access: "session", permission: "members.manage", body: inviteMemberSchema }, async ({ principal, body }) => ({
  body: toWire(linkSentSchema, await inviteMember({ orgId: principal.orgId, actor: principal, input: body })),
  status: 201,
}));
