// DELETE /api/v1/lists/:id/members/:contactId — take a contact off the list (lists:write)
import { v1Route } from "@/lib/http/v1-route";
import { removeListMemberOperation } from "@/lib/lists/operations";
import { removeMember } from "@/lib/lists/manage-members";

export const DELETE = v1Route(removeListMemberOperation, async ({ principal, params }) => ({
  data: await removeMember({ principal, id: params.id, contactId: params.contactId }),
}));
