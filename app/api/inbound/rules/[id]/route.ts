// PUT /api/inbound/rules/{id} — change the fields given (admins; keys need org:write)
// DELETE /api/inbound/rules/{id} — delete a rule: {deleted}
import { legacyRoute } from "@/lib/http/legacy-route";
import { outcomeSchema } from "@/lib/http/wire";
import { deleteRule, updateRule } from "@/lib/inbound/manage-rules";
import { ruleIdParamsSchema, ruleSchema, updateRuleSchema } from "@/lib/inbound/schemas";

const access = { access: { keyScope: "org:write" }, permission: "inbound.manage", orgWide: true, params: ruleIdParamsSchema } as const;

export const PUT = legacyRoute({ ...access, body: updateRuleSchema, response: ruleSchema }, async ({ principal, params, body }) => ({
  body: await updateRule({ principal, id: params.id, input: body }),
}));

export const DELETE = legacyRoute({ ...access, response: outcomeSchema("deleted") }, async ({ principal, params }) => ({
  body: await deleteRule({ principal, id: params.id }),
}));
