// TanStack hooks for contact lists and their members (the v1 routes /api/v1/lists/...,
// called with the session cookie).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { addedMembersSchema, AddMembersInput, ContactListView, CreateListInput, UpdateListInput } from "@/lib/lists/schemas";
import type { Contact } from "@/hooks/contacts";
import { fetchJson, fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { toast } from "@/components/ui/toast";

export type ContactList = ContactListView;
export type AddedMembers = z.output<typeof addedMembersSchema>;

export const listsQueryKey = ["lists"] as const;
const base = "/api/v1/lists";
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

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

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: listsQueryKey }), queryClient.invalidateQueries({ queryKey: ["contacts"] })]);
}

export function useCreateList() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (input: CreateListInput) => fetchV1<ContactList>(base, { method: "POST", body: input }),
    meta: INLINE_ERROR,
    onSuccess: (l) => {
      toast.success(`List created: ${l.name}`);
      return refresh();
    },
  });
}

export function useUpdateList() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateListInput }) => fetchV1<ContactList>(one(id), { method: "PATCH", body: input }),
    meta: INLINE_ERROR,
    onSuccess: (l) => {
      toast.success(`List saved: ${l.name}`);
      return refresh();
    },
  });
}

export function useDeleteList() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (l: ContactList) => fetchJson(one(l.id), { method: "DELETE" }),
    meta: INLINE_ERROR,
    onSuccess: (_d, l) => {
      toast.success(`List deleted: ${l.name}`);
      return refresh();
    },
  });
}

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

export function useAddMembers() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AddMembersInput }) => fetchV1<AddedMembers>(`${one(id)}/members`, { method: "POST", body: input }),
    meta: INLINE_ERROR,
    onSuccess: (r) => {
      toast.success(`${r.added} added${r.alreadyMembers ? `, ${r.alreadyMembers} already on the list` : ""}${r.createdContacts ? ` (${r.createdContacts} new contacts)` : ""}`);
      return refresh();
    },
  });
}

/** One click in a member row: the global error toast shows a refusal. */
export function useRemoveMember() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ listId, contact }: { listId: string; contact: Contact }) => fetchJson(`${one(listId)}/members/${encodeURIComponent(contact.id)}`, { method: "DELETE" }),
    meta: { errorTitle: "Could not remove the member" },
    onSuccess: (_d, { contact }) => {
      toast.success(`Removed from the list: ${contact.email}`);
      return refresh();
    },
  });
}
