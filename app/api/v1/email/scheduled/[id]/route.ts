// GET /api/v1/email/scheduled/:id — one scheduled email (email:send)
// PATCH /api/v1/email/scheduled/:id — change it while it waits (email:send)
// DELETE /api/v1/email/scheduled/:id — cancel it: {cancelled} (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { cancelScheduledOperation, getScheduledOperation, updateScheduledOperation } from "@/lib/scheduling/operations";

export const GET = v1Route(getScheduledOperation);

export const PATCH = v1Route(updateScheduledOperation);

export const DELETE = v1Route(cancelScheduledOperation);
