// DELETE /api/v1/lists/:id/members/:contactId — take a contact off the list (lists:write)
import { v1Route } from "@/lib/http/v1-route";
import { removeListMemberOperation } from "@/lib/lists/operations";

export const DELETE = v1Route(removeListMemberOperation);
