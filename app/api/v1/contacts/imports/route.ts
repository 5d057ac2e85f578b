// GET /api/v1/contacts/imports — the contact imports, paginated (contacts:read)
import { v1Route } from "@/lib/http/v1-route";
import { listImportsOperation } from "@/lib/contacts/import-operations";

export const GET = v1Route(listImportsOperation);
