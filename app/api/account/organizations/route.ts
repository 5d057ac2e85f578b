// GET /api/account/organizations — the signed-in user's organizations: {organizations: [{id,
// name, role, current}]}, first joined first; `current` is the one the session is in (dashboard).
import { legacyRoute } from "@/lib/http/legacy-route";
import { z } from "zod";
import { listMyOrganizations } from "@/lib/orgs/my-organizations";
import { myOrganizationSchema } from "@/lib/orgs/schemas";

export const GET = legacyRoute(
  { access: "session", response: z.object({ organizations: z.array(myOrganizationSchema) }) },
  async ({ principal }) => ({
    body: { organizations: await listMyOrganizations({ userId: principal.userId, currentOrgId: principal.orgId }) },
  }),
);
