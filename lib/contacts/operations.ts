import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import {
  contactDetailSchema,
  contactIdParamsSchema,
  contactSchema,
  createContactSchema,
  createPropertySchema,
  deletedPropertySchema,
  listContactsQuerySchema,
  propertyKeyParamsSchema,
  propertySchema,
  updateContactSchema,
} from "@/lib/contacts/schemas";
import { createContact, deleteContact, eraseContact, getContactOrThrow, updateContact } from "@/lib/contacts/manage-contacts";
import { createProperty, deleteProperty, listProperties } from "@/lib/contacts/manage-properties";
import { listContacts } from "@/lib/contacts/list-contacts";
import { paginated } from "@/lib/http/pagination";
import { deleteContactQuerySchema, erasedContactSchema } from "@/lib/privacy/schemas";

const base = { tag: "Contacts" } as const;

export const FILTERS_DOC =
  "Filters: ?q= (part of the email or name), ?subscriptionStatus=, ?listId= (members of a list) and property filters ?property[key]=value " +
  "(equality, typed: property[vip]=true, property[seats]=5) or ?property[key][op]=value with op eq, gt, gte, lt, lte (gt/gte/lt/lte for number and date properties), all combined with AND";

export const listContactsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/contacts",
    summary: `The organization's contacts, newest first. ${FILTERS_DOC}`,
    scope: "contacts:read",
    query: listContactsQuerySchema,
    response: z.array(contactSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listContacts({ orgId: principal.orgId, query });
    return paginated(items, total, query);
  },
);

// Contacts are the whole organization's: a key bound to one project may read them, not change them.
export const createContactOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/contacts",
    summary:
      "Create a contact; its email is unique in the organization, case-insensitively (409 CONFLICT otherwise), and each property must be defined, its value of the property's type",
    scope: "contacts:write",
    orgWide: true,
    body: createContactSchema,
    response: contactDetailSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createContact({ principal, input: body }),
  }),
);

export const getContactOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/contacts/{id}",
    summary: "One contact, with its lists and whether its address is suppressed",
    scope: "contacts:read",
    params: contactIdParamsSchema,
    response: contactDetailSchema,
  },
  async ({ principal, params }) => ({
    data: await getContactOrThrow({ orgId: principal.orgId, id: params.id }),
  }),
);

export const updateContactOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/contacts/{id}",
    summary: "Change a contact's email, name, properties (merged; null removes a key) or subscription status (unsubscribedAt follows it)",
    scope: "contacts:write",
    orgWide: true,
    params: contactIdParamsSchema,
    body: updateContactSchema,
    response: contactDetailSchema,
  },
  async ({ principal, params, body }) => ({
    data: await updateContact({ principal, id: params.id, input: body }),
  }),
);

export const deleteContactOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/contacts/{id}",
    summary:
      "Delete a contact and its list memberships (its address stays on the suppression list if it is there). With ?erase=true, erase its address everywhere in the organization as POST /api/v1/privacy/erasure does: the answer carries the erasure's counts",
    scope: "contacts:write",
    orgWide: true,
    params: contactIdParamsSchema,
    query: deleteContactQuerySchema,
    response: erasedContactSchema,
  },
  async ({ principal, params, query }) => ({
    data: query.erase === "true" ? await eraseContact({ principal, id: params.id }) : await deleteContact({ principal, id: params.id }),
  }),
);

export const listPropertiesOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/contacts/properties",
    summary: "The organization's contact property definitions (key and type), by key",
    scope: "contacts:read",
    response: z.array(propertySchema),
  },
  async ({ principal }) => ({
    data: await listProperties({ orgId: principal.orgId }),
  }),
);

export const createPropertyOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/contacts/properties",
    summary:
      "Define a contact property: a key (lower-case, a-z 0-9 _) and its type, string, number, boolean or date (409 CONFLICT for a key already defined)",
    scope: "contacts:write",
    orgWide: true,
    body: createPropertySchema,
    response: propertySchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createProperty({ principal, input: body }),
  }),
);

export const deletePropertyOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/contacts/properties/{key}",
    summary: "Delete a property definition and remove its key from every contact",
    scope: "contacts:write",
    orgWide: true,
    params: propertyKeyParamsSchema,
    response: deletedPropertySchema,
  },
  async ({ principal, params }) => ({
    data: await deleteProperty({ principal, key: params.key }),
  }),
);
