// GET /api/audit — a project's send audit with account-level entries (dashboard; analytics.view)
import { legacyRoute } from "@/lib/http/legacy-route";
import { auditPageSchema, auditQuerySchema } from "@/lib/audit/schemas";
import { listAudit } from "@/lib/audit/list-audit";

export const GET = legacyRoute(
  { access: "session", permission: "analytics.view", query: auditQuerySchema, response: auditPageSchema },
  async ({ principal, query }) => ({
    body: await listAudit({ orgId: principal.orgId, query }),
  }),
);
