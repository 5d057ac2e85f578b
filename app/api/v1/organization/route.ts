// GET /api/v1/organization — the caller's organization (org:read)
// PATCH /api/v1/organization — rename it, set tracking or its default project (org:write)
import { v1Route } from "@/lib/http/v1-route";
import { actorOf } from "@/lib/http/principal";
import { getOrganizationOperation, updateOrganizationOperation } from "@/lib/orgs/operations";
import { getOrganizationOrThrow } from "@/lib/orgs/get-organization";
import { updateOrganization } from "@/lib/orgs/update-organization";

export const GET = v1Route(getOrganizationOperation, async ({ principal }) => ({
  data: await getOrganizationOrThrow({ orgId: principal.orgId }),
}));

export const PATCH = v1Route(updateOrganizationOperation, async ({ principal, body }) => ({
  data: await updateOrganization({ orgId: principal.orgId, actor: actorOf(principal), input: body }),
}));
