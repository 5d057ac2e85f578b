// GET /api/v1/contacts/export — the filtered contacts as a streamed CSV file (contacts:read)
import { v1Route } from "@/lib/http/v1-route";
import { exportContactsOperation } from "@/lib/contacts/import-operations";

export const GET = v1Route(exportContactsOperation);
