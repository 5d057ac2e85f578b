// DELETE /api/v1/sequences/:id/enrolments/:enrolmentId — take a contact out of the sequence (sequences:write)
import { v1Route } from "@/lib/http/v1-route";
import { removeEnrolmentOperation } from "@/lib/sequences/operations";

export const DELETE = v1Route(removeEnrolmentOperation);
