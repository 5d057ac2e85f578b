// GET /api/inbound/domains — the organization's inbound domains (session, or a key with domains:read)
// POST /api/inbound/domains — add one: {name, inboundEnabled?} (admins; keys need domains:write)
import { legacyRoute } from "@/lib/http/legacy-route";
import { toWire } from "@/lib/http/wire";
import { z } from "zod";
import { addDomain, listDomains } from "@/lib/inbound/inbound-domains";
import { createDomainSchema, domainSchema } from "@/lib/inbound/schemas";

export const GET = legacyRoute({ access: { keyScope: "domains:read" } }, async ({ principal }) => ({
  body: toWire(z.object({ data: z.array(domainSchema) }), { data: await listDomains(principal.orgId) }),
}));

export const POST = legacyRoute({ access: { keyScope: "domains:write" }, orgWide: true, body: createDomainSchema }, async ({ principal, body }) => ({
  body: toWire(domainSchema, await addDomain({ principal, ...body })),
  status: 201,
}));
