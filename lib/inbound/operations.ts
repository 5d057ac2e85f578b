import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { sendResultSchema } from "@/lib/email/schemas";
import {
  attachmentInfoSchema,
  attachmentParamsSchema,
  inboxIdParamsSchema,
  inboxMessageSchema,
  inboxQuerySchema,
  inboxSummarySchema,
  replySchema,
} from "@/lib/inbound/schemas";
import { getInboxAttachment, getInboxMessage, listInbox } from "@/lib/inbound/inbox";
import { toWire } from "@/lib/http/wire";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";
import { replyToInbound } from "@/lib/inbound/reply";
import { paginated } from "@/lib/http/pagination";

// The inbox is the organization's, not a project's: keys bound to one project are refused.
const base = { tag: "Inbox", orgWide: true } as const;

export const listInboxOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/inbox/messages",
    summary: "Received messages in the inbox, newest first; filter by ?search= (sender or subject) and ?tag=",
    scope: "inbox:read",
    query: inboxQuerySchema,
    response: z.array(inboxSummarySchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listInbox({ orgId: principal.orgId, query });
    return paginated(items, total, query);
  },
);

export const getInboxMessageOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/inbox/messages/{id}",
    summary: "One received message: headers, text, html, attachments (without content) and what the rules did",
    scope: "inbox:read",
    params: inboxIdParamsSchema,
    response: inboxMessageSchema,
  },
  async ({ principal, params }) => ({
    data: await getInboxMessage({ orgId: principal.orgId, id: params.id }),
  }),
);

export const getInboxAttachmentOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/inbox/messages/{id}/attachments/{attachmentId}",
    summary: "One attachment of a received message, its content in base64",
    scope: "inbox:read",
    params: attachmentParamsSchema,
    response: attachmentInfoSchema.extend({ content: z.string().describe("base64") }),
  },
  async ({ principal, params }) => ({
    data: await getInboxAttachment({ orgId: principal.orgId, id: params.id, attachmentId: params.attachmentId }),
  }),
);

export const replyInboxOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/inbox/messages/{id}/reply",
    summary:
      "Reply to a received message, threaded (In-Reply-To, References), to its Reply-To or sender; replyAll adds the other recipients (Idempotency-Key header supported)",
    scope: "inbox:send",
    params: inboxIdParamsSchema,
    body: replySchema,
    response: sendResultSchema,
    readsRequest: true,
  },
  async ({ req, principal, params, body }) => ({
    data: await withIdempotency(principal.orgId, idempotencyKeyOf(req), { reply: params.id, ...body }, async () =>
      toWire(sendResultSchema, await replyToInbound({ principal, id: params.id, input: body })),
    ),
  }),
);
