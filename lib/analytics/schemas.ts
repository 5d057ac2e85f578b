import { z } from "zod";
import { pageSizeQuerySchema } from "@/lib/http/pagination";
import { canonicalEventType, EMAIL_EVENT_TYPES } from "@/lib/events/event-types";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { MESSAGE_STATUSES } from "@/lib/events/message-status";
import { tagFilterSchema } from "@/lib/email/tags";

const DAY_MS = 24 * 3_600_000;
const MAX_SPAN_DAYS = 400;
const moment = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date and time, e.g. 2026-11-01T00:00:00Z" });

const reportFields = { from: moment.optional(), to: moment.optional(), projectId: z.uuid("not a valid project id").optional() };

/** from/to (SPEC: from defaults to 30 days ago, to to now); from after to is refused. */
function reportWindow(q: { from?: string; to?: string; projectId?: string }, ctx: z.RefinementCtx) {
  const to = q.to ? new Date(q.to) : new Date();
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * DAY_MS);
  if (from > to) ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
  else if (to.getTime() - from.getTime() > MAX_SPAN_DAYS * DAY_MS)
    ctx.addIssue({ code: "custom", path: ["from"], message: `a report covers at most ${MAX_SPAN_DAYS} days` });
  return { from, to, projectId: q.projectId ?? null };
}

export const reportQuerySchema = z.object(reportFields).strict().transform(reportWindow);
/** The summary's query: a report's, and a tag narrowing it to the messages that carry it. */
export const summaryQuerySchema = z
  .object({ ...reportFields, tag: tagFilterSchema.optional().describe("name:value: count only the messages with this tag") })
  .strict()
  .transform((q, ctx) => ({ ...reportWindow(q, ctx), tag: q.tag ?? null }));
export type ReportQuery = z.output<typeof reportQuerySchema>;

const rate = z.number().describe("a fraction of sent, two decimals");

export const summarySchema = z.object({
  totalSent: z.number().int(),
  totalDelivered: z.number().int(),
  totalOpened: z.number().int().describe("recipients who opened, bots left out"),
  totalClicked: z.number().int().describe("recipients who clicked, bots left out"),
  totalBounced: z.number().int(),
  deliveryRate: rate,
  openRate: rate,
  clickRate: rate,
  bounceRate: rate,
});

export const bounceReportSchema = z.object({
  totalBounces: z.number().int(),
  bouncesByReason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  bouncesByProvider: z.array(z.object({ provider: z.string(), count: z.number().int() })),
});

const dayCounts = {
  sent: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  bounced: z.number().int(),
};

export const deliveryReportSchema = z.object({
  dailyStats: z.array(z.object({ date: z.string().describe("YYYY-MM-DD, UTC"), ...dayCounts })),
  providerBreakdown: z.array(z.object({ provider: z.string(), ...dayCounts, deliveryRate: rate, bounceRate: rate })),
});

export const useCaseReportSchema = z.object({
  useCases: z.array(
    z.object({
      useCaseId: z.uuid().nullable().describe("null: messages with no use case"),
      name: z.string().nullable().describe("null for no use case, or a use case deleted since"),
      ...dayCounts,
      explicit: z.number().int().describe("sent messages that named this use case (use_case_attribution explicit)"),
      byDefault: z.number().int().describe("sent messages that got it as the organization's default (use_case_attribution default)"),
      deliveryRate: rate,
      openRate: rate,
      clickRate: rate,
      bounceRate: rate,
    }),
  ),
});

export const eventSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  recipient: z.string(),
  occurredAt: timestamp,
  url: z.string().nullable(),
  reason: z.string().nullable(),
  source: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});

export const emailStatsSchema = z.object({ emailId: z.string(), events: z.array(eventSchema) });

export const statusField = z
  .string()
  .describe(
    "what the provider last reported: queued, sent, delivered, deferred (delivery delayed), opened, clicked, failed, bounced, complained, or unconfirmed; with several recipients the highest in that order (docs/sending.md)",
  );
export const statusSummaryField = z
  .string()
  .describe(
    'each status with its share of recipients, highest first, e.g. "delivered (2 of 3), bounced (1 of 3)"; one recipient: its status',
  );

/** One message as the API shows it (the timeline's `message`; the messages API's detail builds on it). */
export const messageDetailSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid().nullable(),
  fromAddress: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  status: statusField,
  statusSummary: statusSummaryField,
  recipients: z.array(z.object({ email: z.string(), status: z.string() })).describe("each recipient (to, cc, bcc) with its own status"),
  sendMode: z.string(),
  emailType: z.string(),
  providerName: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  error: z.string().nullable(),
  tags: z.array(z.object({ name: z.string(), value: z.string() })),
  html: z.string().nullable().describe("as sent, before open and click tracking; null when there was none or retention removed it"),
  text: z.string().nullable(),
  bodyTruncated: z.boolean().describe("html or text was longer than 256 KiB and is kept cut"),
  bodyRemovedAt: nullableTimestamp.describe("when retention removed html and text"),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int().describe("bytes") }))
    .describe("names, types and sizes; contents are not kept"),
  createdAt: timestamp,
  sentAt: nullableTimestamp,
});

export const messageTimelineSchema = z.object({
  message: messageDetailSchema,
  events: z.array(eventSchema).describe("oldest first"),
});

export const emailIdParamsSchema = z.object({ emailId: z.string().min(1).max(100) });
export const messageIdParamsSchema = z.object({ messageId: z.string().min(1).max(100) });

/** POST /api/analytics/track (SPEC): a manual event. */
export const trackEventSchema = z
  .object({
    emailId: z.string().min(1),
    // email.opened or its short name opened (any of the vocabulary); stored as the canonical name.
    type: z.string().transform((name, ctx) => {
      const type = canonicalEventType(name);
      if (type) return type;
      ctx.addIssue({
        code: "custom",
        message: `unknown event type; expected one of ${EMAIL_EVENT_TYPES.join(", ")} (or the same without "email.")`,
      });
      return z.NEVER;
    }),
    recipient: z.email().optional(),
    provider: z.string().max(100).optional(),
    url: z.url({ protocol: /^https?$/ }).optional(),
    reason: z.string().max(1000).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/** GET /api/messages: the dashboard's messages log. */
export const messageListQuerySchema = pageSizeQuerySchema
  .extend({
    // The log counts up to the page shown: a page this deep is as far as a person pages.
    page: z.coerce.number().int().min(1).max(1_000, "at most 1000: narrow the search instead").default(1),
    search: z.string().trim().min(1).max(200).optional().describe("part of a recipient address or of the subject, or a message id"),
    status: z.enum(MESSAGE_STATUSES).optional().describe("the message's status (what the provider last reported)"),
    provider: z.string().trim().min(1).max(200).optional().describe("the provider's name"),
    from: moment.optional().describe("created at or after"),
    to: moment.optional().describe("created before"),
    tag: tagFilterSchema.optional(),
    projectId: z.uuid("not a valid project id").optional().describe("only this project's messages"),
    sentOnly: z.enum(["true", "false"]).optional().describe("true: only messages a provider accepted (whatever it reported since)"),
  })
  .strict()
  .transform((q, ctx) => {
    const range = { from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined };
    if (range.from && range.to && range.from > range.to)
      ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
    return { ...q, ...range, sentOnly: q.sentOnly === "true" };
  });
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

export const messageListSchema = z.object({
  messages: z.array(
    z.object({
      id: z.uuid(),
      subject: z.string(),
      to: z.array(z.string()),
      status: statusField,
      statusSummary: statusSummaryField,
      sendMode: z.string(),
      emailType: z.string(),
      providerName: z.string().nullable(),
      tags: z.array(z.string()).describe('"name:value"'),
      createdAt: timestamp,
      sentAt: nullableTimestamp,
    }),
  ),
  total: z.number().int(),
  /** True when more messages match than `total` (the count stops at 10,000, or at the page shown). */
  moreThanTotal: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
