// GET /api/v1/sequences — list sequences, paginated (sequences:read)
// POST /api/v1/sequences — create a sequence with its steps (sequences:write)
import { v1Route } from "@/lib/http/v1-route";
import { createSequenceOperation, listSequencesOperation } from "@/lib/sequences/operations";

export const GET = v1Route(listSequencesOperation);

export const POST = v1Route(createSequenceOperation);
