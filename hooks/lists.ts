// TanStack hooks for contact lists and their members (the v1 routes /api/v1/lists/...,
// called with the session cookie).
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { addedMembersSchema, AddMembersInput, ContactListView, CreateListInput, UpdateListInput } from "@/lib/lists/schemas";
import type { Contact } from "@/hooks/contacts";
import { fetchJson, fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { v1Resource } from "@/hooks/v1-resource";

export type ContactList = ContactListView;
export type AddedMembers = z.output<typeof addedMembersSchema>;

export const listsQueryKey = ["lists"] as const;
const lists = v1Resource("/api/v1/lists", listsQueryKey);
const base = lists.url();
const one = (id: string) => lists.url(id);

export function useLists(page: number, perPage: number) {
  return useQuery({
    queryKey: [...listsQueryKey, "page", page, perPage],
    queryFn: () => fetchV1Page<ContactList>(`${base}?page=${page}&perPage=${perPage}`),
    placeholderData: keepPreviousData,
  });
}

/** The first 100 lists, for pickers (filters, import target). */
export function useListChoices() {
  return useQuery({ queryKey: [...listsQueryKey, "choices"], queryFn: () => fetchV1<ContactList[]>(`${base}?perPage=100`) });
}

/** Members move with lists: the contacts' list memberships are refreshed with them. */
const refresh = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: listsQueryKey }), queryClient.invalidateQueries({ queryKey: ["contacts"] })]);

export const useCreateList = () =>
  lists.useChange(
    (input: CreateListInput) => fetchV1<ContactList>(base, { method: "POST", body: input }),
    (l) => `List created: ${l.name}`,
    { then: refresh },
  );

export const useUpdateList = () =>
  lists.useChange(
    ({ id, input }: { id: string; input: UpdateListInput }) => fetchV1<ContactList>(one(id), { method: "PATCH", body: input }),
    (l) => `List saved: ${l.name}`,
    { then: refresh },
  );

export const useDeleteList = () =>
  lists.useChange(
    (l: ContactList) => fetchJson(one(l.id), { method: "DELETE" }),
    (_d, l) => `List deleted: ${l.name}`,
    { then: refresh },
  );

export function useListMembers(id: string | null, q: string, page: number, perPage: number) {
  return useQuery({
    queryKey: [...listsQueryKey, "members", id, q, page, perPage],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
      if (q.trim()) params.set("q", q.trim());
      return fetchV1Page<Contact>(`${one(id!)}/members?${params}`);
    },
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export const useAddMembers = () =>
  lists.useChange(
    ({ id, input }: { id: string; input: AddMembersInput }) => fetchV1<AddedMembers>(`${one(id)}/members`, { method: "POST", body: input }),
    (r) =>
      `${r.added} added${r.alreadyMembers ? `, ${r.alreadyMembers} already on the list` : ""}${r.createdContacts ? ` (${r.createdContacts} new contacts)` : ""}`,
    { then: refresh },
  );

/** One click in a member row: the global error toast shows a refusal. */
export const useRemoveMember = () =>
  lists.useChange(
    ({ listId, contact }: { listId: string; contact: Contact }) =>
      fetchJson(`${one(listId)}/members/${encodeURIComponent(contact.id)}`, { method: "DELETE" }),
    (_d, { contact }) => `Removed from the list: ${contact.email}`,
    { meta: { errorTitle: "Could not remove the member" }, then: refresh },
  );
