// GET /api/v1/sequences — list sequences, paginated (sequences:read)
// POST /api/v1/sequences — create a sequence with its steps (sequences:write)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createSequenceOperation, listSequencesOperation } from "@/lib/sequences/operations";
import { createSequence, listSequences } from "@/lib/sequences/manage-sequences";

export const GET = v1Route(listSequencesOperation, async ({ principal, query }) => {
  const { items, total } = await listSequences({ orgId: principal.orgId, status: query.status, ...pageWindow(query) });
  return paginated(items, total, query);
});

export const POST = v1Route(createSequenceOperation, async ({ principal, body }) => ({
  data: await createSequence({ principal, input: body }),
}));
