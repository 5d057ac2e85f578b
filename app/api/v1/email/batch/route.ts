// POST /api/v1/email/batch — send 1 to 100 emails, one entry per item in order (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { sendBatchOperation } from "@/lib/email/operations";

export const POST = v1Route(sendBatchOperation);
