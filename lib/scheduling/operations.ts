import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import { cancelResultSchema, scheduledEmailSchema, scheduledIdParamsSchema, updateScheduledSchema } from "@/lib/scheduling/schemas";
import { cancelScheduled, getScheduledOrThrow, listScheduled } from "@/lib/scheduling/manage-scheduled";
import { updateScheduledOnce } from "@/lib/scheduling/update-scheduled";
import { idempotencyKeyOf } from "@/lib/email/idempotency";
import { SEND_BODY_LIMIT } from "@/lib/http/read-body";

const base = { tag: "Email", scope: "email:send" } as const;

export const listScheduledOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/email/scheduled",
    summary: "List scheduled emails, newest first",
    query: pageQuerySchema,
    response: z.array(scheduledEmailSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listScheduled({ principal, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

export const getScheduledOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/email/scheduled/{id}",
    summary: "Get one scheduled email",
    params: scheduledIdParamsSchema,
    response: scheduledEmailSchema,
  },
  async ({ principal, params }) => ({
    data: await getScheduledOrThrow({ principal, id: params.id }),
  }),
);

export const cancelScheduledOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/email/scheduled/{id}",
    summary: "Cancel a scheduled email; cancelled is false once it is sending or done",
    params: scheduledIdParamsSchema,
    response: cancelResultSchema,
  },
  async ({ principal, params }) => ({
    data: await cancelScheduled({ principal, id: params.id }),
  }),
);

export const updateScheduledOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/email/scheduled/{id}",
    summary:
      "Change a scheduled email while it waits: scheduledAt and/or any send field (null removes one); 409 once it is sending or done (Idempotency-Key header supported)",
    params: scheduledIdParamsSchema,
    body: updateScheduledSchema,
    response: scheduledEmailSchema,
    bodyLimit: SEND_BODY_LIMIT,
    readsRequest: true,
  },
  async ({ req, principal, params, body }) => ({
    data: await updateScheduledOnce({ principal, id: params.id, change: body }, idempotencyKeyOf(req)),
  }),
);
