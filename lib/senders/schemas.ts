// Senders (SPEC scopes senders:read/write): the from-addresses an organization sends from, each
// verified by its domain (a verified sending domain of the organization's) or confirmed by the
// address's owner through a link mailed to it. In production only verified ones may send.
import { z } from "zod";
import { displayName } from "@/lib/email/address";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";

const senderName = z
  .string()
  .trim()
  .pipe(displayName)
  .describe("the display name shown with the address (one holding an email address or < > is refused)");

export const createSenderSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("not a valid email address")).describe("stored lower-cased"),
    name: senderName.default(""),
  })
  .strict();
export type CreateSenderInput = z.infer<typeof createSenderSchema>;

export const updateSenderSchema = z.object({ name: senderName }).strict();
export type UpdateSenderInput = z.infer<typeof updateSenderSchema>;

export const senderIdParamsSchema = z.object({ id: z.uuid("not a valid sender id") });

export const senderSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  domainId: z.uuid().nullable().describe("the organization's domain the address is at, if it has one"),
  domain: z.object({ id: z.uuid(), name: z.string(), status: z.enum(["pending", "verified", "failed"]) }).nullable(),
  verified: z.boolean().describe("confirmed by the address's owner, or at a verified domain: may be used as a from-address in production"),
  verification: z
    .enum(["domain", "confirmed"])
    .nullable()
    .describe("how it is verified: by its verified domain, or confirmed through the emailed link"),
  confirmedAt: nullableTimestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const deletedSenderSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export const confirmationSentSchema = z.object({
  id: z.uuid().describe("the sender's id"),
  email: z.string().describe("where the confirmation email went"),
  expiresAt: timestamp.describe("when the link in it stops working"),
});
