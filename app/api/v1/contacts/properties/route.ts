// GET /api/v1/contacts/properties — the contact property definitions (contacts:read)
// POST /api/v1/contacts/properties — define one (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { createPropertyOperation, listPropertiesOperation } from "@/lib/contacts/operations";
import { createProperty, listProperties } from "@/lib/contacts/manage-properties";

export const GET = v1Route(listPropertiesOperation, async ({ principal }) => ({
  data: await listProperties({ orgId: principal.orgId }),
}));

export const POST = v1Route(createPropertyOperation, async ({ principal, body }) => ({
  data: await createProperty({ principal, input: body }),
}));
