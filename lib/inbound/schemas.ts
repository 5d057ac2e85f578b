// Request and response shapes of the inbound routes: rules and the rule test (SPEC "Inbound
// routing"), inbound domains, and the inbox (v1 /inbox/messages).
import { z } from "zod";
import { HEADER_NAME, fromMailbox } from "@/lib/email/address";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { actionsSchema, conditionsSchema } from "@/lib/inbound/rule-schema";

const METADATA_BYTES = 16 * 1024;

// Each field once; the create body fills defaults, the update body changes only what it names.
const name = z.string().trim().min(1, "name is required").max(200);
const priority = z.number().int("priority is a whole number").min(0).max(1_000_000).describe("lower runs first; ties by creation time");
const metadata = z
  .record(z.string(), z.unknown())
  .refine((m) => JSON.stringify(m).length <= METADATA_BYTES, `metadata is at most ${METADATA_BYTES / 1024} KiB of JSON`);

export const createRuleSchema = z
  .object({
    name,
    priority: priority.default(100),
    isEnabled: z.boolean().default(true),
    conditions: conditionsSchema,
    actions: actionsSchema,
    metadata: metadata.default({}),
  })
  .strict();
export type CreateRuleInput = z.infer<typeof createRuleSchema>;

export const updateRuleSchema = z
  .object({ name, priority, isEnabled: z.boolean(), conditions: conditionsSchema, actions: actionsSchema, metadata })
  .partial()
  .strict();
export type UpdateRuleInput = z.infer<typeof updateRuleSchema>;

export const ruleIdParamsSchema = z.object({ id: z.uuid("not a valid rule id") });

export const ruleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  priority: z.number().int(),
  isEnabled: z.boolean(),
  conditions: z.array(z.unknown()),
  actions: z.array(z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const rulePageSchema = z.object({
  data: z.array(ruleSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** POST /api/inbound/test: SPEC's fields (from, to and subject strings; size a number; headers an object), plus cc and attachments so every condition can be tried. */
export const ruleTestSchema = z
  .object({
    from: z.string().min(1, "from is required").max(998).describe('"a@b.co" or "Name <a@b.co>"'),
    to: z.string().min(1).max(5000).describe("one address or several, comma-separated"),
    subject: z.string().max(998),
    body: z
      .string()
      .max(1024 * 1024)
      .optional(),
    size: z.number().min(0).optional().describe("bytes; default: the size of subject and body"),
    headers: z
      .record(z.string().regex(HEADER_NAME, "not a valid header name"), z.union([z.string(), z.number(), z.boolean()]).transform(String))
      .optional()
      .refine((h) => !h || Object.keys(h).length <= 100, "at most 100 headers"),
    cc: z.string().max(5000).optional(),
    attachments: z
      .array(z.object({ filename: z.string().min(1).max(255), contentType: z.string().min(1).max(255) }).strict())
      .max(100)
      .optional(),
  })
  .strict();
export type RuleTestInput = z.infer<typeof ruleTestSchema>;

export const ruleTestResultSchema = z.object({ matchedRules: z.array(ruleSchema), totalRulesEvaluated: z.number().int() });

// Domains

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const createDomainSchema = z
  .object({
    name: z
      .string()
      .trim()
      .toLowerCase()
      .transform((d) => d.replace(/\.$/, ""))
      .refine((d) => DOMAIN.test(d), "not a valid domain name (e.g. inbound.example.com)"),
    inboundEnabled: z.boolean().default(true),
  })
  .strict();
export const updateDomainSchema = z.object({ inboundEnabled: z.boolean() }).strict();
export const domainIdParamsSchema = z.object({ id: z.uuid("not a valid domain id") });
export const domainSchema = z.object({ id: z.uuid(), name: z.string(), inboundEnabled: z.boolean(), createdAt: timestamp });

// Inbox

const addressSchema = z.object({ address: z.string(), name: z.string() });

export const inboxQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().min(1).max(200).optional().describe("part of the sender's address or of the subject"),
    tag: z.string().min(1).max(50).optional(),
  })
  .strict();
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const attachmentInfoSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  contentId: z.string().nullable(),
});

export const inboxSummarySchema = z.object({
  id: z.uuid(),
  from: addressSchema.nullable(),
  to: z.array(z.string()),
  subject: z.string(),
  tags: z.array(z.string()),
  size: z.number().int(),
  attachmentCount: z.number().int(),
  source: z.string(),
  receivedAt: timestamp,
});

export const ruleResultSchema = z.object({
  ruleId: z.uuid(),
  name: z.string(),
  actions: z.array(z.object({ type: z.string(), status: z.enum(["done", "failed", "skipped"]), detail: z.string().nullable() })),
});

export const inboxMessageSchema = inboxSummarySchema.omit({ attachmentCount: true }).extend({
  messageId: z.string().nullable().describe("the Message-ID header"),
  cc: z.array(z.string()),
  replyTo: z.array(z.string()),
  envelopeTo: z.array(z.string()),
  envelopeFrom: z.string().nullable(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  sentAt: nullableTimestamp.describe("the Date header"),
  status: z.enum(["received", "processed", "dropped", "failed"]),
  ruleResults: z.array(ruleResultSchema),
  attachments: z.array(attachmentInfoSchema),
});

export const inboxIdParamsSchema = z.object({ id: z.uuid("not a valid message id") });
export const attachmentParamsSchema = z.object({ id: z.uuid("not a valid message id"), attachmentId: z.uuid("not a valid attachment id") });

export const replySchema = z
  .object({
    html: z
      .string()
      .max(5 * 1024 * 1024)
      .optional(),
    text: z
      .string()
      .max(5 * 1024 * 1024)
      .optional(),
    from: fromMailbox.optional().describe("default: the address the message was sent to"),
    replyAll: z.boolean().default(false).describe("also reply to the other To and Cc recipients"),
  })
  .strict()
  .refine((b) => b.html || b.text, { path: ["text"], message: "give text or html" });
export type ReplyInput = z.infer<typeof replySchema>;
