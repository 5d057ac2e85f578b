// GET /api/v1/sequences/:id — one sequence with its stats (sequences:read)
// PATCH /api/v1/sequences/:id — change it: name, status (pause, resume), trigger list, sender, use case, steps (sequences:write)
// DELETE /api/v1/sequences/:id — delete it with its enrolments (sequences:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteSequenceOperation, getSequenceOperation, updateSequenceOperation } from "@/lib/sequences/operations";

export const GET = v1Route(getSequenceOperation);

export const PATCH = v1Route(updateSequenceOperation);

export const DELETE = v1Route(deleteSequenceOperation);
