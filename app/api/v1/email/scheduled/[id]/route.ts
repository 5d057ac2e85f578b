// GET /api/v1/email/scheduled/:id — one scheduled email (email:send)
// DELETE /api/v1/email/scheduled/:id — cancel it: {cancelled} (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { cancelScheduledOperation, getScheduledOperation } from "@/lib/scheduling/operations";

export const GET = v1Route(getScheduledOperation);

export const DELETE = v1Route(cancelScheduledOperation);
