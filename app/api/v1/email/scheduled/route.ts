// GET /api/v1/email/scheduled — scheduled emails, newest first, paginated (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { listScheduledOperation } from "@/lib/scheduling/operations";

export const GET = v1Route(listScheduledOperation);
