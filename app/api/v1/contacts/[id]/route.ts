// GET /api/v1/contacts/:id — one contact with its lists (contacts:read)
// PATCH /api/v1/contacts/:id — change it (contacts:write)
// DELETE /api/v1/contacts/:id — delete it (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteContactOperation, getContactOperation, updateContactOperation } from "@/lib/contacts/operations";
import { deleteContact, getContactOrThrow, updateContact } from "@/lib/contacts/manage-contacts";

export const GET = v1Route(getContactOperation, async ({ principal, params }) => ({
  data: await getContactOrThrow({ orgId: principal.orgId, id: params.id }),
}));

export const PATCH = v1Route(updateContactOperation, async ({ principal, params, body }) => ({
  data: await updateContact({ principal, id: params.id, input: body }),
}));

export const DELETE = v1Route(deleteContactOperation, async ({ principal, params }) => ({
  data: await deleteContact({ principal, id: params.id }),
}));
