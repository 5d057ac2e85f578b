// The messages API (GET /api/v1/email/messages and /{id}): its query, a list item, the detail
// and the list's paging (page numbers or a cursor, both with the cursor of the next page).
import { z } from "zod";
import { MESSAGE_STATUSES } from "@/lib/events/message-status";
import { tagFilterSchema } from "@/lib/email/tags";
import { eventSchema, messageDetailSchema } from "@/lib/analytics/schemas";
import { decodeCursor } from "@/lib/analytics/message-cursor";

/** Past this many pages, a list is walked by cursor: an offset that deep costs a scan of every row before it. */
const MAX_PAGE = 1_000;
const moment = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date and time, e.g. 2026-11-01T00:00:00Z" });
const part = (what: string) => z.string().trim().min(1).max(200).optional().describe(what);

export const sentMessagesQuerySchema = z
  .object({
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE, `at most ${MAX_PAGE}: page further with cursor`)
      .optional()
      .describe("page number (1 when neither page nor cursor is given)"),
    perPage: z.coerce.number().int().min(1).max(100).default(25),
    cursor: z
      .string()
      .max(200)
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return undefined;
        const cursor = decodeCursor(text);
        if (cursor) return cursor;
        ctx.addIssue({ code: "custom", message: "not a cursor this API gave (use pagination.nextCursor of an earlier page)" });
        return z.NEVER;
      })
      .describe("pagination.nextCursor of the previous page: the next page, unchanged by messages sent since"),
    status: z.enum(MESSAGE_STATUSES).optional().describe("what the provider last reported"),
    to: part("part of a recipient's address (to, cc or bcc)"),
    from: part("part of the sender's address"),
    subject: part("part of the subject"),
    tag: tagFilterSchema.optional(),
    projectId: z.uuid("not a valid project id").optional().describe("only this project's messages"),
    since: moment.optional().describe("created at or after"),
    until: moment.optional().describe("created before"),
  })
  .strict()
  .transform((q, ctx) => {
    if (q.page !== undefined && q.cursor !== undefined)
      ctx.addIssue({ code: "custom", path: ["cursor"], message: "give page or cursor, not both" });
    const range = { since: q.since ? new Date(q.since) : undefined, until: q.until ? new Date(q.until) : undefined };
    if (range.since && range.until && range.since > range.until)
      ctx.addIssue({ code: "custom", path: ["since"], message: "since must not be after until" });
    return { ...q, ...range };
  });
export type SentMessagesQuery = z.output<typeof sentMessagesQuerySchema>;

export const sentMessageSummarySchema = messageDetailSchema.pick({
  id: true,
  projectId: true,
  fromAddress: true,
  to: true,
  cc: true,
  bcc: true,
  subject: true,
  status: true,
  statusSummary: true,
  sendMode: true,
  emailType: true,
  providerName: true,
  providerMessageId: true,
  tags: true,
  createdAt: true,
  sentAt: true,
});

export const sentMessageSchema = messageDetailSchema.extend({
  metadata: z.record(z.string(), z.unknown()).describe("the metadata given at send"),
  events: z.array(eventSchema).describe("oldest first"),
});

export const sentMessagesPaginationSchema = z.object({
  page: z.number().int().nullable().describe("the page number; null when paging by cursor"),
  perPage: z.number().int(),
  total: z.number().int().describe("messages matching, counted up to 10,000 (see moreThanTotal)"),
  moreThanTotal: z.boolean().describe("more messages match than total"),
  nextCursor: z.string().nullable().describe("pass as cursor for the next page; null on the last page"),
});
export type SentMessagesPagination = z.infer<typeof sentMessagesPaginationSchema>;
