// Privacy requests about one person, by their address (docs/contacts.md, Erasure and Export):
// erase every trace of it in the organization, or export everything held about it.
import { z } from "zod";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { contactDetailSchema, contactEmail, deletedContactSchema } from "@/lib/contacts/schemas";
import { suppressionSchema } from "@/lib/suppressions/schemas";

export const erasureBodySchema = z.object({ email: contactEmail.describe("the address to erase; matched case-insensitively") }).strict();

/** DELETE /api/v1/contacts/{id}?erase=true */
export const deleteContactQuerySchema = z
  .object({
    erase: z
      .enum(["true", "false"], { error: 'erase is "true" or "false"' })
      .optional()
      .describe("true: erase the contact's address everywhere in the organization (as POST /api/v1/privacy/erasure), not only the contact"),
  })
  .strict();

const counted = z.number().int().min(0);

export const erasedCountsSchema = z
  .object({
    contacts: counted.describe("the contact removed, and other contacts whose name or properties named the address"),
    listMemberships: counted,
    sequenceEnrolments: counted,
    scheduledEmails: counted.describe("scheduled emails naming it: cancelled while still waiting"),
    campaignSends: counted.describe("kept under the placeholder; one still pending is skipped"),
    messages: counted.describe("kept under the placeholder; the person's own have no subject, body or headers left"),
    events: counted.describe("kept under the placeholder (analytics counts stay right)"),
    scheduledEvents: counted,
    engagements: counted.describe("first opens and clicks, kept under the placeholder"),
    hourlyCounts: counted.describe("hourly event counts whose bounce reason named the address, merged under the placeholder"),
    webhookDeliveries: counted.describe("stored bodies whose address now reads the placeholder"),
    webhookAttempts: counted,
    inboundMessages: counted.describe(
      "mail from or to the address removed (attachments with it); mail mentioning it keeps the placeholder",
    ),
    idempotencyKeys: counted,
    importErrors: counted,
    testLists: counted,
    accountLinks: counted,
    systemMailSends: counted,
    other: counted.describe(
      "rows of every other table of the organization, or belonging to one of its rows (template versions, inbound attachments), whose text named the address (templates, lists, endpoints, rules, campaigns, providers' last errors...): the address replaced by the placeholder",
    ),
    auditEntries: counted,
  })
  .describe("rows removed or anonymised, by kind");
export type ErasedCounts = z.output<typeof erasedCountsSchema>;

export const erasureSchema = z.object({
  erased: erasedCountsSchema,
  suppressionKept: z.boolean().describe("the address was suppressed: the list keeps a keyed hash of it, so sends to it are still refused"),
  placeholder: z.string().describe("what rows that remain read in place of the address: erased-<hash>@erased.invalid"),
});
export type Erasure = z.output<typeof erasureSchema>;

export const erasedContactSchema = deletedContactSchema.extend({
  erasure: erasureSchema.optional().describe("with ?erase=true: what the erasure of its address changed"),
});

// ---- Export ----

export const EXPORT_LIMITS = { messages: 100, events: 500, inboundMessages: 100, campaignSends: 100, sequenceEnrolments: 100 } as const;

export const exportQuerySchema = z.object({ email: contactEmail.describe("the address; matched case-insensitively") }).strict();

const exportedMessage = z.object({
  id: z.uuid(),
  createdAt: timestamp,
  sentAt: nullableTimestamp,
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  status: z.string(),
  deliveryStatus: z.string().nullable(),
  emailType: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  tags: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()),
});

const exportedEvent = z.object({
  id: z.uuid(),
  type: z.string(),
  messageId: z.uuid().nullable(),
  campaignSendId: z.uuid().nullable(),
  occurredAt: timestamp,
  url: z.string().nullable(),
  reason: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});

const exportedInbound = z.object({
  id: z.uuid(),
  receivedAt: timestamp,
  from: z.string().nullable(),
  fromName: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
});

export const addressExportSchema = z.object({
  email: z.string(),
  contact: contactDetailSchema.nullable(),
  suppression: suppressionSchema.nullable(),
  messages: z.array(exportedMessage).describe(`sent to, copied to or from the address, newest first; at most ${EXPORT_LIMITS.messages}`),
  events: z.array(exportedEvent).describe(`of the address, newest first; at most ${EXPORT_LIMITS.events}`),
  inboundMessages: z.array(exportedInbound).describe(`from or to the address, newest first; at most ${EXPORT_LIMITS.inboundMessages}`),
  campaignSends: z
    .array(
      z.object({
        campaignId: z.uuid(),
        campaignName: z.string(),
        status: z.string(),
        messageId: z.uuid().nullable(),
        sentAt: nullableTimestamp,
      }),
    )
    .describe(`at most ${EXPORT_LIMITS.campaignSends}`),
  sequenceEnrolments: z
    .array(
      z.object({
        sequenceId: z.uuid(),
        sequenceName: z.string(),
        status: z.string(),
        enrolledAt: timestamp,
        finishedAt: nullableTimestamp,
      }),
    )
    .describe(`at most ${EXPORT_LIMITS.sequenceEnrolments}`),
  truncated: z.boolean().describe("a kind held more than its limit: the newest were returned (the limits are in docs/contacts.md)"),
});
export type AddressExport = z.output<typeof addressExportSchema>;
