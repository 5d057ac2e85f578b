// POST /api/email/schedule — schedule a send for scheduledFor (session, or a key with email:send)
// GET /api/email/schedule — scheduled emails, newest first, paginated (page, limit)
import { legacyRoute } from "@/lib/http/legacy-route";
import { SEND_BODY_LIMIT } from "@/lib/http/read-body";
import { scheduleEmailSchema } from "@/lib/email/schemas";
import { scheduleEmail } from "@/lib/scheduling/schedule-email";
import { listScheduled } from "@/lib/scheduling/manage-scheduled";
import { scheduledEmailSchema, scheduleListQuerySchema, scheduleListSchema } from "@/lib/scheduling/schemas";

export const POST = legacyRoute(
  { access: { keyScope: "email:send" }, body: scheduleEmailSchema, bodyLimit: SEND_BODY_LIMIT, response: scheduledEmailSchema },
  async ({ principal, body: { scheduledFor, maxRetries, ...input } }) => ({
    body: await scheduleEmail({ principal, input, scheduledFor, maxRetries }),
  }),
);

export const GET = legacyRoute(
  { access: { keyScope: "email:send" }, query: scheduleListQuerySchema, response: scheduleListSchema },
  async ({ principal, query }) => {
    const { items, total } = await listScheduled({ principal, skip: (query.page - 1) * query.limit, take: query.limit });
    return { body: { data: items, total, page: query.page, limit: query.limit } };
  },
);
