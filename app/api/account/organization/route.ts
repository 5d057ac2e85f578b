// POST /api/account/organization — {orgId}: moves the session to another of the user's
// organizations and answers {organization: {id, name, role, current}}; sign-in opens it next
// time. 404 for any organization the user is not a member of; nothing changes (dashboard).
import { legacyRoute } from "@/lib/http/legacy-route";
import { z } from "zod";
import { myOrganizationSchema, switchOrganizationSchema } from "@/lib/orgs/schemas";
import { switchOrganization } from "@/lib/orgs/my-organizations";

export const POST = legacyRoute(
  { access: "session", body: switchOrganizationSchema, response: z.object({ organization: myOrganizationSchema }) },
  async ({ req, principal, body }) => ({
    body: { organization: await switchOrganization(req, { userId: principal.userId, orgId: body.orgId }) },
  }),
);
