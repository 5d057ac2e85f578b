// POST /api/v1/senders/:id/confirmation — email the address its confirmation link (senders:write)
import { v1Route } from "@/lib/http/v1-route";
import { sendSenderConfirmationOperation } from "@/lib/senders/operations";

export const POST = v1Route(sendSenderConfirmationOperation);
