// POST /api/v1/email/send-templated — a template to each recipient, one result each (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { sendTemplatedOperation } from "@/lib/templates/operations";

export const POST = v1Route(sendTemplatedOperation);
