// GET /api/inbound/rules — the organization's inbound rules in priority order, paginated (page, pageSize)
// POST /api/inbound/rules — create a rule (admins; keys need org:write)
import { legacyRoute } from "@/lib/http/legacy-route";
import { pageSizeQuerySchema } from "@/lib/http/pagination";
import { createRule, listRules } from "@/lib/inbound/manage-rules";
import { createRuleSchema, rulePageSchema, ruleSchema } from "@/lib/inbound/schemas";

export const GET = legacyRoute(
  { access: { keyScope: "inbox:read" }, query: pageSizeQuerySchema, response: rulePageSchema },
  async ({ principal, query }) => {
    const { items, total } = await listRules({ orgId: principal.orgId, skip: (query.page - 1) * query.pageSize, take: query.pageSize });
    return { body: { data: items, total, page: query.page, pageSize: query.pageSize } };
  },
);

export const POST = legacyRoute(
  { access: { keyScope: "org:write" }, permission: "inbound.manage", orgWide: true, body: createRuleSchema, response: ruleSchema },
  async ({ principal, body }) => ({ body: await createRule({ principal, input: body }) }),
);
