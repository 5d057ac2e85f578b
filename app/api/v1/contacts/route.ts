// GET /api/v1/contacts — list contacts, filtered and paginated (contacts:read)
// POST /api/v1/contacts — create a contact (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { createContactOperation, listContactsOperation } from "@/lib/contacts/operations";

export const GET = v1Route(listContactsOperation);

export const POST = v1Route(createContactOperation);
