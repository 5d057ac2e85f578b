import { defineOperation } from "@/lib/http/operation";
import { organizationSchema, updateOrganizationSchema } from "@/lib/orgs/schemas";

export const getOrganizationOperation = defineOperation({
  method: "GET",
  path: "/api/v1/organization",
  summary: "The caller's organization: plan, send mode, allowance and default project",
  tag: "Organization",
  scope: "org:read",
  response: organizationSchema,
});

export const updateOrganizationOperation = defineOperation({
  method: "PATCH",
  path: "/api/v1/organization",
  summary: "Rename the organization, turn open and click tracking on or off, or choose its default project",
  tag: "Organization",
  scope: "org:write",
  orgWide: true,
  body: updateOrganizationSchema,
  response: organizationSchema,
});
