// POST /api/v1/email/send — send one email, or schedule it with scheduledAt (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { sendEmailOperation } from "@/lib/email/operations";

export const POST = v1Route(sendEmailOperation);
