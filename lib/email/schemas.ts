// The send body (SPEC POST /api/email/send), shared by the legacy and v1 routes.
import { z } from "zod";
import { HEADER_NAME, displayName, fromMailbox, mailbox, mailboxList } from "@/lib/email/address";
import { nullableTimestamp } from "@/lib/http/wire";
import { INT4_MAX } from "@/lib/db/int-range";
import { tagsSchema } from "@/lib/email/tags";
import { RELATIVE_MOMENT, RELATIVE_MOMENT_HINT } from "@/lib/scheduling/relative-time";

const MAX_RECIPIENTS = 50;
export const MAX_ATTACHMENTS_BYTES = 40 * 1024 * 1024;
/** Attachments a message may give by URL (each one a fetch when it is sent). */
export const MAX_URL_ATTACHMENTS = 10;

/** Headers the pipeline owns: a caller may not set them. */
const PIPELINE_HEADERS = new Set([
  "from",
  "to",
  "cc",
  "bcc",
  "subject",
  "reply-to",
  "message-id",
  "date",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
]);

/** Headers that say who sent the message, who resent it, or how it was authenticated and
 * relayed: a caller setting them would forge identity (RFC 5322 §3.6.6 resent fields, RFC 6376
 * DKIM, RFC 8601 Authentication-Results, RFC 8617 ARC, trace fields). */
const IDENTITY_HEADERS = new Set([
  "sender",
  "return-path",
  "received",
  "received-spf",
  "dkim-signature",
  "domainkey-signature",
  "x-google-dkim-signature",
  "authentication-results",
  "x-original-authentication-results",
  "x-authentication-warning",
  "x-original-from",
  "x-original-sender",
  "x-sender",
  "x-authenticated-sender",
  "x-envelope-from",
  "x-originating-ip",
  "original-from",
  // Delivery trace fields: where a message was delivered, or where its errors go.
  "delivered-to",
  "envelope-to",
  "x-original-to",
  "errors-to",
]);
const IDENTITY_PREFIXES = ["resent-", "arc-"];

/** Why a caller may not set this header; null when they may. */
export function reservedHeaderProblem(name: string): string | null {
  const lower = name.toLowerCase();
  if (PIPELINE_HEADERS.has(lower)) return "this header cannot be set";
  if (IDENTITY_HEADERS.has(lower) || IDENTITY_PREFIXES.some((p) => lower.startsWith(p))) {
    return `${name} cannot be set: it says who sent the message or how it was authenticated`;
  }
  return null;
}

/** Custom headers a message may carry, and their size in all: a message is stored and shown with them. */
export const MAX_CUSTOM_HEADERS = 50;
const MAX_CUSTOM_HEADER_BYTES = 16 * 1024;

const headersSchema = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  const entries = Object.entries(headers);
  if (entries.length > MAX_CUSTOM_HEADERS)
    ctx.addIssue({ code: "custom", path: [], message: `at most ${MAX_CUSTOM_HEADERS} custom headers` });
  else if (entries.reduce((n, [name, value]) => n + name.length + value.length, 0) > MAX_CUSTOM_HEADER_BYTES) {
    ctx.addIssue({ code: "custom", path: [], message: "custom headers may total at most 16 KB" });
  }
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name)) ctx.addIssue({ code: "custom", path: [name], message: "not a valid header name" });
    else {
      const problem = reservedHeaderProblem(name);
      if (problem) ctx.addIssue({ code: "custom", path: [name], message: problem });
    }
    if (/[\r\n\0]/.test(value)) ctx.addIssue({ code: "custom", path: [name], message: "header values cannot contain line breaks" });
    if (value.length > 998) ctx.addIssue({ code: "custom", path: [name], message: "header value too long" });
  }
});

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be base64");

/** An attachment's URL: http(s) and without credentials. Whether plain http is allowed is the
 * operator's switch (ALLOW_PRIVATE_ATTACHMENT_URLS), checked on the server when the send or
 * schedule is handled (lib/email/resolve-attachments.ts), since this schema also runs in the browser. */
const attachmentUrl = z
  .string()
  .max(2048)
  .superRefine((raw, ctx) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return ctx.addIssue({ code: "custom", message: "must be an https URL" });
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") ctx.addIssue({ code: "custom", message: "must be an https URL" });
    // "https://good@evil/" disguises the real host, and credentials would be stored and logged.
    else if (url.username || url.password) ctx.addIssue({ code: "custom", message: "must not contain a username or password" });
  });

const attachmentSchema = z
  .object({
    filename: z
      .string()
      .min(1)
      .max(255)
      .refine((f) => !/[\r\n\0/\\]/.test(f), "not a valid file name")
      .optional()
      .describe("the file's name; required with content; with path, default: the URL's last path segment"),
    content: base64.optional().describe("the file, base64; give content or path"),
    path: attachmentUrl
      .optional()
      .describe(
        "an https URL the file is fetched from when the message is sent (10 s, public addresses only, counted in the 40 MiB); give content or path",
      ),
    contentType: z
      .string()
      .regex(/^[\w.+-]+\/[\w.+-]+$/, "not a valid content type")
      .optional(),
    contentId: z
      .string()
      .max(200)
      .regex(/^[^\s<>]+$/)
      .optional(),
  })
  .strict()
  .superRefine((a, ctx) => {
    if ((a.content === undefined) === (a.path === undefined))
      ctx.addIssue({ code: "custom", path: [], message: "give exactly one of content (base64) or path (a URL)" });
    else if (a.content !== undefined && a.filename === undefined)
      ctx.addIssue({ code: "custom", path: ["filename"], message: "filename is required with content" });
  });

const calendarSchema = z
  .object({
    method: z.enum(["REQUEST", "CANCEL", "PUBLISH"]).default("REQUEST"),
    content: z
      .string()
      .min(1)
      .max(1_000_000)
      .refine(
        (c) => /BEGIN:VCALENDAR/.test(c) && /END:VCALENDAR/.test(c),
        "must be an iCalendar document (BEGIN:VCALENDAR … END:VCALENDAR)",
      ),
  })
  .strict();

/** The send body's fields; the routes add their own (scheduledFor, scheduledAt) and the checks below. */
const sendFields = z.object({
  to: mailboxList(MAX_RECIPIENTS).refine((to) => to.length > 0, "give at least one recipient"),
  from: fromMailbox
    .optional()
    .describe('"a@b.co" or "Name <a@b.co>"; fromName, when given, sets the name (a name holding an address or < > is refused)'),
  fromName: displayName.optional().describe("the display name; one holding an email address or < > is refused"),
  replyTo: mailbox.optional(),
  replyToName: z
    .string()
    .max(200)
    .refine((n) => !/[\r\n]/.test(n), "no line breaks")
    .optional(),
  cc: mailboxList(MAX_RECIPIENTS).optional(),
  bcc: mailboxList(MAX_RECIPIENTS).optional(),
  subject: z
    .string()
    .min(1, "subject is required")
    .max(998)
    .refine((s) => !/[\r\n]/.test(s), "no line breaks"),
  html: z.string().max(MAX_ATTACHMENTS_BYTES).optional(),
  text: z.string().max(MAX_ATTACHMENTS_BYTES).optional(),
  templateId: z.string().min(1).optional().describe("render this stored template for subject, html and text"),
  templateVersion: z.number().int().positive().max(INT4_MAX).optional().describe("pin a template version; default: the current one"),
  variables: z.record(z.string(), z.unknown()).optional().describe("the template's variables"),
  provider: z.string().min(1).optional().describe("id or name of the provider to try first"),
  priority: z.enum(["low", "normal", "high"]).default("normal"),
  metadata: z.record(z.string(), z.unknown()).default({}),
  emailType: z.enum(["transactional", "marketing"]).default("transactional"),
  use_case_id: z
    .string()
    .uuid()
    .optional()
    .describe("one of the organization's use cases; without it the organization's default use case, if any, applies"),
  use_case_attribution: z
    .enum(["explicit", "default"])
    .optional()
    .describe(
      "how the message's use case was chosen; recorded by the server (explicit: use_case_id was given; default: the organization's default applied). When given it must agree: explicit needs use_case_id, default refuses it",
    ),
  attachments: z
    .array(attachmentSchema)
    .max(100)
    .refine((list) => list.filter((a) => a.path !== undefined).length <= MAX_URL_ATTACHMENTS, {
      message: `at most ${MAX_URL_ATTACHMENTS} attachments given by path (URL) a message`,
    })
    .default([]),
  calendar: calendarSchema.optional(),
  headers: headersSchema.default({}),
  tags: tagsSchema.optional(),
  tracking: z
    .object({ opens: z.boolean(), clicks: z.boolean() })
    .partial()
    .strict()
    .optional()
    .describe("open and click tracking for this send; default: on for marketing, off for transactional (when the organization tracks)"),
});

type SendFields = z.infer<typeof sendFields>;
export type AttachmentInput = z.infer<typeof attachmentSchema>;

/** The decoded size of the attachments given inline (base64 content). */
export const inlineAttachmentBytes = (attachments: AttachmentInput[]) =>
  attachments.reduce((n, a) => n + Math.floor(((a.content?.length ?? 0) * 3) / 4), 0);

function checkSend(b: SendFields, ctx: z.RefinementCtx) {
  if (!b.html && !b.text && !b.templateId) ctx.addIssue({ code: "custom", path: ["html"], message: "give html, text or templateId" });
  if ((b.templateVersion !== undefined || b.variables !== undefined) && !b.templateId) {
    ctx.addIssue({ code: "custom", path: ["templateId"], message: "templateVersion and variables need a templateId" });
  }
  // The server records the attribution itself; a caller's may only agree with it.
  if (b.use_case_attribution === "explicit" && !b.use_case_id)
    ctx.addIssue({ code: "custom", path: ["use_case_attribution"], message: "explicit needs use_case_id" });
  if (b.use_case_attribution === "default" && b.use_case_id)
    ctx.addIssue({ code: "custom", path: ["use_case_attribution"], message: "default cannot come with use_case_id (that is explicit)" });
  // Inline content only: a path's bytes are counted when it is fetched, against what is left.
  const bytes = inlineAttachmentBytes(b.attachments);
  if (bytes > MAX_ATTACHMENTS_BYTES) ctx.addIssue({ code: "custom", path: ["attachments"], message: "attachments total more than 40 MiB" });
  const count = b.to.length + (b.cc?.length ?? 0) + (b.bcc?.length ?? 0);
  if (count > MAX_RECIPIENTS) ctx.addIssue({ code: "custom", path: ["to"], message: `at most ${MAX_RECIPIENTS} recipients in all` });
}

export const sendEmailSchema = sendFields.strict().superRefine(checkSend);
export type SendEmailInput = z.infer<typeof sendEmailSchema>;

/** An ISO 8601 time with its offset (Z or ±hh:mm), so the moment meant is never ambiguous. */
const isoMoment = z.iso.datetime({
  offset: true,
  error: "must be an ISO 8601 date and time with an offset, e.g. 2026-12-01T09:00:00+01:00",
});

/** v1's send time: an ISO 8601 time with its offset, or a relative one ("in 10 minutes"), resolved when the request is handled. */
export const sendTime = z.union([isoMoment, z.string().regex(RELATIVE_MOMENT)], {
  error: `must be an ISO 8601 date and time with an offset (e.g. 2026-12-01T09:00:00+01:00) or ${RELATIVE_MOMENT_HINT}`,
});

const maxRetries = z.number().int().min(0).max(10).optional().describe("retries after a failed send, with backoff (default 3)");

/** POST /api/email/schedule: the send body plus scheduledFor (and maxRetries). */
export const scheduleEmailSchema = sendFields.extend({ scheduledFor: isoMoment, maxRetries }).strict().superRefine(checkSend);
export type ScheduleEmailInput = z.infer<typeof scheduleEmailSchema>;

/** POST /api/v1/email/send: the send body, optionally scheduled. */
export const v1SendEmailSchema = sendFields
  .extend({
    scheduledAt: sendTime.optional().describe('send later, at this time or after this delay ("in 10 minutes"); at most 365 days ahead'),
    maxRetries,
  })
  .strict()
  .superRefine((b, ctx) => {
    checkSend(b, ctx);
    if (b.maxRetries !== undefined && !b.scheduledAt)
      ctx.addIssue({ code: "custom", path: ["maxRetries"], message: "maxRetries needs scheduledAt" });
  });

/** SPEC's email send result. */
export const sendResultSchema = z.object({
  id: z.string().uuid(),
  messageId: z.string().nullable(),
  status: z
    .enum(["sent", "failed", "queued", "unconfirmed"])
    .describe("unconfirmed: the provider took the message but never confirmed it; it is reconciled, never sent twice (docs/sending.md)"),
  provider: z.string().nullable(),
  sentAt: nullableTimestamp,
  suppressed: z
    .array(z.string())
    .optional()
    .describe(
      "recipients left out because they are on the suppression list (each also gets an email.dropped event); absent when none were",
    ),
});
