// DELETE /api/v1/contacts/properties/:key — delete a definition and its values (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { deletePropertyOperation } from "@/lib/contacts/operations";

export const DELETE = v1Route(deletePropertyOperation);
