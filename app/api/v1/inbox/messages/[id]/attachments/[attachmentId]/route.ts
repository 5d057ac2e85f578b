// GET /api/v1/inbox/messages/:id/attachments/:attachmentId — one attachment, base64 (inbox:read)
import { v1Route } from "@/lib/http/v1-route";
import { getInboxAttachmentOperation } from "@/lib/inbound/operations";

export const GET = v1Route(getInboxAttachmentOperation);
