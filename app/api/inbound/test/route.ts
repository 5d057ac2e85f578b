// POST /api/inbound/test — simulate an incoming email against the enabled rules: the rules that
// would match, in order, and how many were evaluated. Nothing is executed.
import { legacyRoute } from "@/lib/http/legacy-route";
import { toWire } from "@/lib/http/wire";
import { testRules } from "@/lib/inbound/manage-rules";
import { ruleTestResultSchema, ruleTestSchema } from "@/lib/inbound/schemas";

export const POST = legacyRoute({ access: { keyScope: "inbox:read" }, body: ruleTestSchema }, async ({ principal, body }) => ({
  body: toWire(ruleTestResultSchema, await testRules({ orgId: principal.orgId, input: body })),
}));
