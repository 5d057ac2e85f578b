import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema } from "@/lib/http/pagination";
import { cancelResultSchema, scheduledEmailSchema, scheduledIdParamsSchema } from "@/lib/scheduling/schemas";

const base = { tag: "Email", scope: "email:send" } as const;

export const listScheduledOperation = defineOperation({
  ...base,
  method: "GET",
  path: "/api/v1/email/scheduled",
  summary: "List scheduled emails, newest first",
  query: pageQuerySchema,
  response: z.array(scheduledEmailSchema),
  paginated: true,
});

export const getScheduledOperation = defineOperation({
  ...base,
  method: "GET",
  path: "/api/v1/email/scheduled/{id}",
  summary: "Get one scheduled email",
  params: scheduledIdParamsSchema,
  response: scheduledEmailSchema,
});

export const cancelScheduledOperation = defineOperation({
  ...base,
  method: "DELETE",
  path: "/api/v1/email/scheduled/{id}",
  summary: "Cancel a scheduled email; cancelled is false once it is sending or done",
  params: scheduledIdParamsSchema,
  response: cancelResultSchema,
});
