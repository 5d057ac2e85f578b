// GET /api/internal/organizations/{id} — look an organization up (staff token)
// PATCH /api/internal/organizations/{id} — change its plan and/or monthly allowance (staff token)
import { staffRoute } from "@/lib/staff/staff-route";
import { changePlanSchema, idParamsSchema, staffOrganizationSchema } from "@/lib/staff/schemas";
import { viewOrganization } from "@/lib/staff/view-organization";
import { changePlan } from "@/lib/staff/change-plan";

export const GET = staffRoute(
  { params: idParamsSchema, resource: "Organization", response: staffOrganizationSchema },
  async ({ params, requestId }) => viewOrganization({ orgId: params.id, requestId }),
);

export const PATCH = staffRoute(
  { params: idParamsSchema, resource: "Organization", body: changePlanSchema, response: staffOrganizationSchema },
  async ({ params, body, requestId }) => changePlan({ orgId: params.id, input: body, requestId }),
);
