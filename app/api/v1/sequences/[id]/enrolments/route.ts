// GET /api/v1/sequences/:id/enrolments — the sequence's enrolments, paginated, by status (sequences:read)
// POST /api/v1/sequences/:id/enrolments — enrol contacts by id or address (sequences:write)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { enrolContactsOperation, listEnrolmentsOperation } from "@/lib/sequences/operations";
import { enrolContacts, listEnrolments } from "@/lib/sequences/manage-enrolments";

export const GET = v1Route(listEnrolmentsOperation, async ({ principal, params, query }) => {
  const { items, total } = await listEnrolments({ orgId: principal.orgId, sequenceId: params.id, status: query.status, ...pageWindow(query) });
  return paginated(items, total, query);
});

export const POST = v1Route(enrolContactsOperation, async ({ principal, params, body }) => ({
  data: await enrolContacts({ principal, sequenceId: params.id, input: body }),
}));
