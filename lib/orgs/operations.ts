import { defineOperation } from "@/lib/http/operation";
import { organizationSchema, updateOrganizationSchema } from "@/lib/orgs/schemas";
import { actorOf } from "@/lib/auth/principal";
import { getOrganizationOrThrow } from "@/lib/orgs/get-organization";
import { updateOrganization } from "@/lib/orgs/update-organization";

export const getOrganizationOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/organization",
    summary: "The caller's organization: plan, send mode, allowance, default project, and how long each kind of its data is kept",
    tag: "Organization",
    scope: "org:read",
    response: organizationSchema,
  },
  async ({ principal }) => ({
    data: await getOrganizationOrThrow({ orgId: principal.orgId }),
  }),
);

export const updateOrganizationOperation = defineOperation(
  {
    method: "PATCH",
    path: "/api/v1/organization",
    summary:
      "Rename the organization, turn open and click tracking on or off, choose its default project or use case, or keep data for less time than the instance does",
    tag: "Organization",
    scope: "org:write",
    orgWide: true,
    body: updateOrganizationSchema,
    response: organizationSchema,
  },
  async ({ principal, body }) => ({
    data: await updateOrganization({ orgId: principal.orgId, actor: actorOf(principal), input: body }),
  }),
);
