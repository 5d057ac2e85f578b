// Contacts (SPEC scopes contacts:read/write): the people an organization sends marketing mail
// to. Email unique per organization, stored lower-cased; typed custom properties.
import { z } from "zod";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { pageQuerySchema } from "@/lib/http/pagination";
import { PROPERTY_TYPES } from "@/lib/contacts/property-values";

export const SUBSCRIPTION_STATUSES = ["subscribed", "unsubscribed"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const MAX_EMAIL = 320;
export const MAX_NAME = 200;
export const MAX_PROPERTIES = 100;
/** Columns of the CSV format; no property may take these names. */
export const RESERVED_KEYS = ["email", "name", "subscription_status", "created_at", "updated_at", "id"] as const;
export const PROPERTY_KEY = /^[a-z][a-z0-9_]{0,49}$/;

/** One bare address, lower-cased: contacts are unique by it in an organization. */
export const contactEmail = z
  .string({ error: "email is required" })
  .trim()
  .max(MAX_EMAIL, `at most ${MAX_EMAIL} characters`)
  .toLowerCase()
  .pipe(z.email({ error: (issue) => `not a valid email address: ${JSON.stringify(String(issue.input).slice(0, 80))}` }));

const contactName = z
  .string()
  .trim()
  .max(MAX_NAME, `at most ${MAX_NAME} characters`)
  .refine((s) => !/[\r\n]/.test(s), "no line breaks");

const propertyInput = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .refine((o) => Object.keys(o).length <= MAX_PROPERTIES, `at most ${MAX_PROPERTIES} properties`)
  .describe("values by property key, each of the key's defined type (a date is an ISO 8601 string); on update, null removes a key");
export type PropertyInput = z.infer<typeof propertyInput>;

export const createContactSchema = z
  .object({
    email: contactEmail,
    name: contactName.default(""),
    properties: propertyInput.default({}),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).default("subscribed"),
  })
  .strict();
export type CreateContactInput = z.infer<typeof createContactSchema>;

export const updateContactSchema = z
  .object({
    email: contactEmail,
    name: contactName,
    properties: propertyInput.describe("merged into the contact's: keys given are set, null removes a key, others stay"),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "give email, name, properties or subscriptionStatus");
export type UpdateContactInput = z.infer<typeof updateContactSchema>;

export const contactIdParamsSchema = z.object({ id: z.uuid("not a valid contact id") });

// ---- Filters: ?q, ?subscriptionStatus, ?listId and ?property[key][op]=value ----

export const FILTER_OPS = ["eq", "gt", "gte", "lt", "lte"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export interface PropertyFilter {
  key: string;
  op: FilterOp;
  value: string;
  /** The query parameter, for error paths. */
  param: string;
}
const FILTER_PARAM = /^property\[([a-z][a-z0-9_]{0,49})\](?:\[([a-z]+)\])?$/;
const MAX_FILTERS = 10;

const filterShape = {
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((s) => s || undefined)
    .describe("part of the email or name, matched literally (% and _ are not wildcards), case-insensitive"),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).optional(),
  listId: z.uuid("not a valid list id").optional().describe("only members of this list"),
};

/** The contact filters with `extra` fields; any other parameter must be a property filter `property[key]` or `property[key][op]`. */
function contactFilterQuery<E extends z.ZodRawShape>(extra: E) {
  return z
    .object({ ...filterShape, ...extra })
    .catchall(z.string().max(1000))
    .superRefine((o, ctx) => {
      let filters = 0;
      for (const key of Object.keys(o)) {
        if (key in filterShape || key in extra) continue;
        const m = FILTER_PARAM.exec(key);
        if (!m)
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "unknown parameter (property filters are property[key] or property[key][eq|gt|gte|lt|lte])",
          });
        else if (m[2] !== undefined && !(FILTER_OPS as readonly string[]).includes(m[2]))
          ctx.addIssue({ code: "custom", path: [key], message: "the operator is one of eq, gt, gte, lt, lte" });
        else if (++filters > MAX_FILTERS) ctx.addIssue({ code: "custom", path: [key], message: `at most ${MAX_FILTERS} property filters` });
      }
    })
    .transform((o) => {
      const properties: PropertyFilter[] = [];
      const rest: Record<string, unknown> = {};
      for (const [param, value] of Object.entries(o)) {
        const m = FILTER_PARAM.exec(param);
        if (m && !(param in filterShape) && !(param in extra))
          properties.push({ key: m[1], op: (m[2] ?? "eq") as FilterOp, value: String(value), param });
        else rest[param] = value;
      }
      return { ...(rest as z.output<z.ZodObject<typeof filterShape & E>>), properties };
    });
}

export const listContactsQuerySchema = contactFilterQuery(pageQuerySchema.shape);
export type ListContactsQuery = z.output<typeof listContactsQuerySchema>;
export const exportContactsQuerySchema = contactFilterQuery({});
export type ContactFilterQuery = z.output<typeof exportContactsQuerySchema>;

// ---- Output ----

const propertyValues = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

export const contactSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  properties: propertyValues,
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  unsubscribedAt: nullableTimestamp.describe("when the contact last became unsubscribed; null while subscribed"),
  suppressed: z.boolean().describe("the address is on the suppression list: no mail goes to it, whatever its subscription status"),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Contact = z.output<typeof contactSchema>;

export const contactDetailSchema = contactSchema.extend({
  lists: z.array(z.object({ id: z.uuid(), name: z.string() })).describe("the lists it is a member of"),
});

export const deletedContactSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

// ---- Property definitions ----

export const createPropertySchema = z
  .object({
    key: z
      .string({ error: "key is required" })
      .regex(PROPERTY_KEY, "lower-case letters, digits and _, starting with a letter, at most 50 characters")
      .refine(
        (k) => !(RESERVED_KEYS as readonly string[]).includes(k),
        `reserved: ${RESERVED_KEYS.join(", ")} are the CSV format's own columns`,
      ),
    type: z.enum(PROPERTY_TYPES),
  })
  .strict();
export type CreatePropertyInput = z.infer<typeof createPropertySchema>;

export const propertyKeyParamsSchema = z.object({ key: z.string().regex(PROPERTY_KEY, "not a valid property key") });

export const propertySchema = z.object({ key: z.string(), type: z.enum(PROPERTY_TYPES), createdAt: timestamp });
export type ContactPropertyDefinition = z.output<typeof propertySchema>;

export const deletedPropertySchema = z.object({
  key: z.string(),
  deleted: z.literal(true),
  contactsUpdated: z.number().int().describe("contacts that had a value for it, now removed"),
});
