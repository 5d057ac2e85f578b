// Campaigns (SPEC scopes campaigns:read, campaigns:write): one content (a stored template, or a
// subject with html and/or text of its own) sent to one list from one sender. Input schemas of
// the v1 routes and the output shapes.
import { z } from "zod";
import { pageQuerySchema } from "@/lib/http/pagination";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { MAX_TEMPLATE_PART } from "@/lib/templates/schemas";
import { INT4_MAX } from "@/lib/db/int-range";

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "paused", "sent", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const SEND_STATUSES = ["pending", "sending", "sent", "failed", "skipped"] as const;

/** Why a recipient was skipped (campaign_sends.error of a skipped row). */
export const SKIP_REASONS = ["unsubscribed", "suppressed", "test_mode", "cancelled"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const noLineBreaks = (s: string) => !/[\r\n]/.test(s);
const id = (what: string) => z.uuid(`not a valid ${what} id`);

const fields = {
  name: z.string().trim().min(1, "name is required").max(200).refine(noLineBreaks, "no line breaks"),
  listId: id("list").describe("the contact list to send to; its subscribed members when the campaign starts"),
  senderId: id("sender").describe("the sender it comes from (in production a verified one)"),
  subject: z.string().min(1, "subject is required").max(998).refine(noLineBreaks, "no line breaks"),
  html: z.string().max(MAX_TEMPLATE_PART),
  text: z.string().max(MAX_TEMPLATE_PART),
  templateId: id("template").describe("send this stored template instead of a subject and html/text of the campaign's own"),
  templateVersion: z
    .number()
    .int()
    .positive()
    .max(INT4_MAX)
    .describe("pin a template version; default: the current one when the campaign starts"),
  useCaseId: id("use case").describe("one of the organization's use cases; default: the organization's default use case"),
};

interface Content {
  subject?: string | null;
  html?: string | null;
  text?: string | null;
  templateId?: string | null;
  templateVersion?: number | null;
}

/** Either a template, or a subject with html and/or text: never both, never neither. */
export function checkContent(c: Content, ctx: z.RefinementCtx) {
  const own = Boolean(c.subject) || Boolean(c.html) || Boolean(c.text);
  if (c.templateId) {
    if (own) ctx.addIssue({ code: "custom", path: ["templateId"], message: "give either templateId or subject with html/text, not both" });
    return;
  }
  if (c.templateVersion != null) ctx.addIssue({ code: "custom", path: ["templateVersion"], message: "templateVersion needs a templateId" });
  if (!c.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: "give a subject with html or text, or a templateId" });
  if (!c.html && !c.text) ctx.addIssue({ code: "custom", path: ["html"], message: "give html or text (or both), or a templateId" });
}

export const createCampaignSchema = z
  .object({
    name: fields.name,
    listId: fields.listId,
    senderId: fields.senderId,
    subject: fields.subject.optional(),
    html: fields.html.optional(),
    text: fields.text.optional(),
    templateId: fields.templateId.optional(),
    templateVersion: fields.templateVersion.optional(),
    useCaseId: fields.useCaseId.optional(),
  })
  .strict()
  .superRefine(checkContent);
export type CreateCampaignInput = z.infer<typeof createCampaignSchema>;

/** null clears a field; the content after the change is checked as a whole (checkContent). */
export const updateCampaignSchema = z
  .object({
    name: fields.name,
    listId: fields.listId,
    senderId: fields.senderId,
    subject: fields.subject.nullable(),
    html: fields.html.nullable(),
    text: fields.text.nullable(),
    templateId: fields.templateId.nullable(),
    templateVersion: fields.templateVersion.nullable(),
    useCaseId: fields.useCaseId.nullable(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "give at least one field to change");
export type UpdateCampaignInput = z.infer<typeof updateCampaignSchema>;

export const listCampaignsQuerySchema = pageQuerySchema.extend({ status: z.enum(CAMPAIGN_STATUSES).optional() }).strict();
export type ListCampaignsQuery = z.infer<typeof listCampaignsQuerySchema>;

export const listSendsQuerySchema = pageQuerySchema.extend({ status: z.enum(SEND_STATUSES).optional() }).strict();
export type ListSendsQuery = z.infer<typeof listSendsQuerySchema>;

/** How far ahead a campaign may be scheduled, as for scheduled emails. */
export const MAX_SCHEDULE_AHEAD_MS = 365 * 24 * 3_600_000;

export const scheduleCampaignSchema = z
  .object({
    scheduledAt: z.iso
      .datetime({ offset: true, error: "must be an ISO 8601 date and time with an offset, e.g. 2026-12-01T09:00:00+01:00" })
      .describe("when to start: in the future, at most 365 days ahead"),
  })
  .strict();
export type ScheduleCampaignInput = z.infer<typeof scheduleCampaignSchema>;

export const campaignIdParamsSchema = z.object({ id: z.uuid("not a valid campaign id") });

const count = z.number().int();

export const campaignCountsSchema = z
  .object({
    recipients: count.describe("contacts the campaign took from its list when it started"),
    pending: count,
    sending: count,
    sent: count,
    failed: count,
    skipped: count.describe("unsubscribed, suppressed, refused in test mode, or cancelled before sending"),
  })
  .describe("where its recipients are; all zero before it starts");

const rate = z.number().describe("a fraction of sent, two decimals");

export const campaignStatsSchema = z.object({
  ...campaignCountsSchema.shape,
  skippedBy: z.object(Object.fromEntries(SKIP_REASONS.map((r) => [r, count])) as Record<SkipReason, typeof count>),
  delivered: count,
  opened: count.describe("recipients who opened, bots left out"),
  clicked: count.describe("recipients who clicked, bots left out"),
  bounced: count,
  complained: count,
  unsubscribed: count.describe("recipients who unsubscribed from this campaign's message"),
  deliveryRate: rate,
  openRate: rate,
  clickRate: rate,
  bounceRate: rate,
  complaintRate: rate,
  unsubscribeRate: rate,
});
export type CampaignStats = z.output<typeof campaignStatsSchema>;

export const campaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  statusReason: z
    .string()
    .nullable()
    .describe(
      "why the product paused it itself (the monthly allowance used up, the sender no longer verified, …) or put it back to draft at its scheduled time; cleared by any other change of status and by an edit; null otherwise",
    ),
  listId: z.uuid().nullable().describe("null when the list was deleted since"),
  senderId: z.uuid().nullable().describe("null when the sender was deleted since"),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  templateId: z.uuid().nullable(),
  templateVersion: z.number().int().nullable(),
  useCaseId: z.uuid().nullable(),
  scheduledAt: nullableTimestamp,
  startedAt: nullableTimestamp,
  finishedAt: nullableTimestamp,
  createdBy: z.string().nullable().describe('"user:<id>" or "api_key:<id>"'),
  createdAt: timestamp,
  updatedAt: timestamp,
  counts: campaignCountsSchema,
});
export type Campaign = z.output<typeof campaignSchema>;

export const campaignDetailSchema = campaignSchema.extend({ stats: campaignStatsSchema });
export type CampaignDetail = z.output<typeof campaignDetailSchema>;

export const campaignSendSchema = z.object({
  id: z.uuid().describe("the campaign_send_id of this recipient's events"),
  contactId: z.uuid().nullable(),
  email: z.string(),
  status: z.enum(SEND_STATUSES),
  reason: z.string().nullable().describe("skipped: unsubscribed | suppressed | test_mode | cancelled; failed: what went wrong"),
  attempts: count,
  messageId: z.uuid().nullable().describe("the message in the messages log, once there is one"),
  sentAt: nullableTimestamp,
  createdAt: timestamp,
});
export type CampaignSend = z.output<typeof campaignSendSchema>;

export const deletedCampaignSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });
