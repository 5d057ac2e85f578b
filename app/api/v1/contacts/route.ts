// GET /api/v1/contacts — list contacts, filtered and paginated (contacts:read)
// POST /api/v1/contacts — create a contact (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { createContactOperation, listContactsOperation } from "@/lib/contacts/operations";
import { listContacts } from "@/lib/contacts/list-contacts";
import { createContact } from "@/lib/contacts/manage-contacts";
import { paginated } from "@/lib/http/pagination";

export const GET = v1Route(listContactsOperation, async ({ principal, query }) => {
  const { items, total } = await listContacts({ orgId: principal.orgId, query });
  return paginated(items, total, query);
});

export const POST = v1Route(createContactOperation, async ({ principal, body }) => ({
  data: await createContact({ principal, input: body }),
}));
