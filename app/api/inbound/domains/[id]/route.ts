// PATCH /api/inbound/domains/{id} — turn receiving on or off: {inboundEnabled}
// DELETE /api/inbound/domains/{id} — remove the domain: {deleted}
import { legacyRoute } from "@/lib/http/legacy-route";
import { outcomeSchema } from "@/lib/http/wire";
import { removeDomain, updateDomain } from "@/lib/inbound/inbound-domains";
import { domainIdParamsSchema, domainSchema, updateDomainSchema } from "@/lib/inbound/schemas";

const access = { access: { keyScope: "domains:write" }, orgWide: true, params: domainIdParamsSchema } as const;

export const PATCH = legacyRoute({ ...access, body: updateDomainSchema, response: domainSchema }, async ({ principal, params, body }) => ({
  body: await updateDomain({ principal, id: params.id, inboundEnabled: body.inboundEnabled }),
}));

export const DELETE = legacyRoute({ ...access, response: outcomeSchema("deleted") }, async ({ principal, params }) => ({
  body: await removeDomain({ principal, id: params.id }),
}));
