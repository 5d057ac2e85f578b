// GET /api/v1/sequences/:id/enrolments — the sequence's enrolments, paginated, by status (sequences:read)
// POST /api/v1/sequences/:id/enrolments — enrol contacts by id or address (sequences:write)
import { v1Route } from "@/lib/http/v1-route";
import { enrolContactsOperation, listEnrolmentsOperation } from "@/lib/sequences/operations";

export const GET = v1Route(listEnrolmentsOperation);

export const POST = v1Route(enrolContactsOperation);
