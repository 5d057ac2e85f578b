// GET /api/internal/organizations?email= — the organizations a member's email belongs to (staff token)
import { z } from "zod";
import { staffRoute } from "@/lib/staff/staff-route";
import { organizationsByEmailQuerySchema, staffOrganizationSchema } from "@/lib/staff/schemas";
import { viewOrganizationsByMemberEmail } from "@/lib/staff/view-organization";

export const GET = staffRoute(
  { query: organizationsByEmailQuerySchema, response: z.array(staffOrganizationSchema) },
  async ({ query, requestId }) => viewOrganizationsByMemberEmail({ email: query.email, requestId }),
);
