// Suppressions: addresses the organization never sends to. Hard bounces, complaints and
// unsubscribes add themselves (lib/events/publish-events.ts); people and API clients add
// "manual" ones here. Addresses are stored lower-cased, so every lookup lower-cases too.
import { z } from "zod";
import { timestamp } from "@/lib/http/wire";
import { pageQuerySchema } from "@/lib/http/pagination";

export const SUPPRESSION_REASONS = ["bounce", "complaint", "unsubscribe", "manual"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

const MAX_ADDRESS = 320;

/** One bare address (no display name), lower-cased: the form the send path compares with. */
export const suppressedAddress = z
  .string({ error: "email is required" })
  .trim()
  .max(MAX_ADDRESS, `at most ${MAX_ADDRESS} characters`)
  .toLowerCase()
  .pipe(z.email({ error: (issue) => `not a valid email address: ${JSON.stringify(String(issue.input).slice(0, 80))}` }));

export const createSuppressionSchema = z
  .object({
    email: suppressedAddress.describe("the address to stop sending to; stored lower-cased"),
    reason: z
      .literal("manual", { error: 'only "manual" can be given: bounce, complaint and unsubscribe are recorded from provider events' })
      .optional()
      .describe('"manual" (the default): the only reason an address can be added with'),
  })
  .strict();
export type CreateSuppressionInput = z.infer<typeof createSuppressionSchema>;

export const listSuppressionsQuerySchema = pageQuerySchema
  .extend({
    search: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((s) => s || undefined)
      .describe("part of the address, matched literally (% and _ are not wildcards), case-insensitive"),
    reason: z.enum(SUPPRESSION_REASONS).optional(),
  })
  .strict();
export type ListSuppressionsQuery = z.infer<typeof listSuppressionsQuerySchema>;

export const suppressionEmailParamsSchema = z.object({
  email: suppressedAddress.describe("the address, URL-encoded; case-insensitive"),
});

export const suppressionSchema = z.object({
  id: z.uuid(),
  email: z
    .string()
    .nullable()
    .describe("the suppressed address; null once the address was erased: only a keyed hash of it is kept, which still refuses sends to it"),
  reason: z.enum(SUPPRESSION_REASONS),
  messageId: z.uuid().nullable().describe("the message whose bounce, complaint or unsubscribe added it; null for manual ones"),
  createdAt: timestamp,
});
export type Suppression = z.output<typeof suppressionSchema>;

export const deletedSuppressionSchema = z.object({ deleted: z.literal(true) });
