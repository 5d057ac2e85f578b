import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import { contactSchema } from "@/lib/contacts/schemas";
import {
  addedMembersSchema,
  addMembersSchema,
  createListSchema,
  deletedListSchema,
  listIdParamsSchema,
  listMemberParamsSchema,
  listMembersQuerySchema,
  listSchema,
  removedMemberSchema,
  updateListSchema,
} from "@/lib/lists/schemas";
import { addMembers, listMembers, removeMember } from "@/lib/lists/manage-members";
import { createList, deleteList, getListOrThrow, listLists, updateList } from "@/lib/lists/manage-lists";

const base = { tag: "Lists" } as const;

export const listListsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/lists",
    summary: "The organization's contact lists, newest first, with their member counts",
    scope: "lists:read",
    query: pageQuerySchema,
    response: z.array(listSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listLists({ orgId: principal.orgId, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

// Lists are the whole organization's: a key bound to one project may read them, not change them.
export const createListOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/lists",
    summary: "Create a list; its name is unique in the organization (409 CONFLICT otherwise)",
    scope: "lists:write",
    orgWide: true,
    body: createListSchema,
    response: listSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createList({ principal, input: body }),
  }),
);

export const getListOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/lists/{id}",
    summary: "One list with its member counts",
    scope: "lists:read",
    params: listIdParamsSchema,
    response: listSchema,
  },
  async ({ principal, params }) => ({
    data: await getListOrThrow({ orgId: principal.orgId, id: params.id }),
  }),
);

export const updateListOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/lists/{id}",
    summary: "Rename a list or change its description",
    scope: "lists:write",
    orgWide: true,
    params: listIdParamsSchema,
    body: updateListSchema,
    response: listSchema,
  },
  async ({ principal, params, body }) => ({
    data: await updateList({ principal, id: params.id, input: body }),
  }),
);

export const deleteListOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/lists/{id}",
    summary: "Delete a list; its contacts stay, and campaigns or sequences that used it keep none",
    scope: "lists:write",
    orgWide: true,
    params: listIdParamsSchema,
    response: deletedListSchema,
  },
  async ({ principal, params }) => ({
    data: await deleteList({ principal, id: params.id }),
  }),
);

export const listListMembersOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/lists/{id}/members",
    summary: "The list's contacts, newest first; ?q= and ?subscriptionStatus= filter them",
    scope: "lists:read",
    params: listIdParamsSchema,
    query: listMembersQuerySchema,
    response: z.array(contactSchema),
    paginated: true,
  },
  async ({ principal, params, query }) => {
    const { items, total } = await listMembers({ orgId: principal.orgId, id: params.id, query });
    return paginated(items, total, query);
  },
);

export const addListMembersOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/lists/{id}/members",
    summary:
      "Add up to 1,000 contacts: {contactIds} (all the organization's, or 400 naming each unknown one, nothing added) or {emails} (contacts created for new addresses). " +
      "Contacts already on the list are counted, not added twice",
    scope: "lists:write",
    orgWide: true,
    params: listIdParamsSchema,
    body: addMembersSchema,
    response: addedMembersSchema,
  },
  async ({ principal, params, body }) => ({
    data: await addMembers({ principal, id: params.id, input: body }),
  }),
);

export const removeListMemberOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/lists/{id}/members/{contactId}",
    summary: "Take a contact off the list (the contact stays); 404 when it is not a member",
    scope: "lists:write",
    orgWide: true,
    params: listMemberParamsSchema,
    response: removedMemberSchema,
  },
  async ({ principal, params }) => ({
    data: await removeMember({ principal, id: params.id, contactId: params.contactId }),
  }),
);
