// GET /api/v1/contacts/imports/:id — one import with a page of its refused rows (contacts:read)
import { v1Route } from "@/lib/http/v1-route";
import { getImportOperation } from "@/lib/contacts/import-operations";

export const GET = v1Route(getImportOperation);
