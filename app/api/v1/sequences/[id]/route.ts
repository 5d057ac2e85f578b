// GET /api/v1/sequences/:id — one sequence with its stats (sequences:read)
// PATCH /api/v1/sequences/:id — change it: name, status (pause, resume), trigger list, sender, use case, steps (sequences:write)
// DELETE /api/v1/sequences/:id — delete it with its enrolments (sequences:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteSequenceOperation, getSequenceOperation, updateSequenceOperation } from "@/lib/sequences/operations";
import { deleteSequence, getSequenceOrThrow, updateSequence } from "@/lib/sequences/manage-sequences";

export const GET = v1Route(getSequenceOperation, async ({ principal, params }) => ({
  data: await getSequenceOrThrow({ orgId: principal.orgId, id: params.id }),
}));

export const PATCH = v1Route(updateSequenceOperation, async ({ principal, params, body }) => ({
  data: await updateSequence({ principal, id: params.id, input: body }),
}));

export const DELETE = v1Route(deleteSequenceOperation, async ({ principal, params }) => ({
  data: await deleteSequence({ principal, id: params.id }),
}));
