// GET /api/v1/contacts/:id — one contact with its lists (contacts:read)
// PATCH /api/v1/contacts/:id — change it (contacts:write)
// DELETE /api/v1/contacts/:id — delete it; ?erase=true erases its address everywhere (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteContactOperation, getContactOperation, updateContactOperation } from "@/lib/contacts/operations";

export const GET = v1Route(getContactOperation);

export const PATCH = v1Route(updateContactOperation);

export const DELETE = v1Route(deleteContactOperation);
