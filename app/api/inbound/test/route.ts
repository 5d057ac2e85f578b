// POST /api/inbound/test — simulate an incoming email against the enabled rules: the rules that
// would match, in order, and how many were evaluated. Nothing is executed.
import { legacyRoute } from "@/lib/http/legacy-route";
import { testRules } from "@/lib/inbound/manage-rules";
import { ruleTestResultSchema, ruleTestSchema } from "@/lib/inbound/schemas";

export const POST = legacyRoute(
  { access: { keyScope: "inbox:read" }, body: ruleTestSchema, response: ruleTestResultSchema },
  async ({ principal, body }) => ({
    body: await testRules({ orgId: principal.orgId, input: body }),
  }),
);
