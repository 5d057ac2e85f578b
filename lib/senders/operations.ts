import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import {
  confirmationSentSchema,
  createSenderSchema,
  deletedSenderSchema,
  senderIdParamsSchema,
  senderSchema,
  updateSenderSchema,
} from "@/lib/senders/schemas";
import { sendSenderConfirmation } from "@/lib/senders/send-confirmation";
import { createSender, deleteSender, getSenderOrThrow, listSenders, updateSender } from "@/lib/senders/manage-senders";

const base = { tag: "Senders" } as const;

export const listSendersOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/senders",
    summary: "List the organization's senders with whether (and how) each is verified, newest first",
    scope: "senders:read",
    query: pageQuerySchema,
    response: z.array(senderSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listSenders({ orgId: principal.orgId, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

// Senders are the organization's: a key bound to one project may read them, not change them.
export const createSenderOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/senders",
    summary:
      "Add a from-address; it is verified when its domain is, otherwise confirm it by email (409 CONFLICT when the organization has it)",
    scope: "senders:write",
    orgWide: true,
    body: createSenderSchema,
    response: senderSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createSender({ principal, input: body }),
  }),
);

export const getSenderOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/senders/{id}",
    summary: "Get one sender",
    scope: "senders:read",
    params: senderIdParamsSchema,
    response: senderSchema,
  },
  async ({ principal, params }) => ({
    data: await getSenderOrThrow({ orgId: principal.orgId, id: params.id }),
  }),
);

export const updateSenderOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/senders/{id}",
    summary: "Change a sender's display name",
    scope: "senders:write",
    orgWide: true,
    params: senderIdParamsSchema,
    body: updateSenderSchema,
    response: senderSchema,
  },
  async ({ principal, params, body }) => ({
    data: await updateSender({ principal, id: params.id, input: body }),
  }),
);

export const deleteSenderOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/senders/{id}",
    summary: "Delete a sender; in production its address can no longer be sent from unless its domain is verified",
    scope: "senders:write",
    orgWide: true,
    params: senderIdParamsSchema,
    response: deletedSenderSchema,
  },
  async ({ principal, params }) => ({
    data: await deleteSender({ principal, id: params.id }),
  }),
);

export const sendSenderConfirmationOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/senders/{id}/confirmation",
    summary:
      "Email the address a link that confirms it as a sender (valid 72 hours; at most one a minute), through the instance's own mail server, never the organization's providers. 409 CONFLICT when the instance has none (SYSTEM_SMTP_URL)",
    scope: "senders:write",
    orgWide: true,
    params: senderIdParamsSchema,
    response: confirmationSentSchema,
    status: 201,
  },
  async ({ principal, params }) => ({
    data: await sendSenderConfirmation({ principal, id: params.id }),
  }),
);
