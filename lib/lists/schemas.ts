// Lists (SPEC scopes lists:read/write): static lists of an organization's contacts, which
// campaigns send to and sequences start from.
import { z } from "zod";
import { timestamp } from "@/lib/http/wire";
import { pageQuerySchema } from "@/lib/http/pagination";
import { contactEmail, SUBSCRIPTION_STATUSES } from "@/lib/contacts/schemas";

export const MAX_MEMBERS_PER_REQUEST = 1000;

const fields = {
  name: z
    .string()
    .trim()
    .min(1, "name is required")
    .max(200)
    .refine((s) => !/[\r\n]/.test(s), "no line breaks"),
  description: z.string().max(2000),
};

export const createListSchema = z.object({ name: fields.name, description: fields.description.default("") }).strict();
export type CreateListInput = z.infer<typeof createListSchema>;

export const updateListSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "give name or description");
export type UpdateListInput = z.infer<typeof updateListSchema>;

export const listIdParamsSchema = z.object({ id: z.uuid("not a valid list id") });
export const listMemberParamsSchema = z.object({ id: z.uuid("not a valid list id"), contactId: z.uuid("not a valid contact id") });

export const listSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  members: z.number().int().describe("contacts on the list"),
  subscribedMembers: z.number().int().describe("members whose subscription status is subscribed"),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ContactListView = z.output<typeof listSchema>;

export const deletedListSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export const addMembersSchema = z
  .object({
    contactIds: z
      .array(z.uuid("not a valid contact id"))
      .min(1)
      .max(MAX_MEMBERS_PER_REQUEST, `at most ${MAX_MEMBERS_PER_REQUEST} per request`)
      .describe("existing contacts of the organization"),
    emails: z
      .array(contactEmail)
      .min(1)
      .max(MAX_MEMBERS_PER_REQUEST, `at most ${MAX_MEMBERS_PER_REQUEST} per request`)
      .describe("addresses; those without a contact get one (subscribed, no name)"),
  })
  .partial()
  .strict()
  .refine((b) => (b.contactIds === undefined) !== (b.emails === undefined), "give contactIds or emails (one of them)");
export type AddMembersInput = z.infer<typeof addMembersSchema>;

export const addedMembersSchema = z.object({
  added: z.number().int().describe("contacts that joined the list"),
  alreadyMembers: z.number().int(),
  createdContacts: z.number().int().describe("contacts created for emails that had none"),
});

export const listMembersQuerySchema = pageQuerySchema
  .extend({
    q: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((s) => s || undefined)
      .describe("part of the email or name"),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).optional(),
  })
  .strict();

export const removedMemberSchema = z.object({ listId: z.uuid(), contactId: z.uuid(), removed: z.literal(true) });
