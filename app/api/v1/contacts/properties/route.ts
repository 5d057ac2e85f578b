// GET /api/v1/contacts/properties — the contact property definitions (contacts:read)
// POST /api/v1/contacts/properties — define one (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { createPropertyOperation, listPropertiesOperation } from "@/lib/contacts/operations";

export const GET = v1Route(listPropertiesOperation);

export const POST = v1Route(createPropertyOperation);
