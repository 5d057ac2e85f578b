// TanStack hooks for contacts, their property definitions and CSV imports (the v1 routes
// /api/v1/contacts/..., called with the session cookie). The CSV upload sends the File itself
// as the body: the browser streams it from disk and the server parses it as it arrives.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  contactDetailSchema,
  contactSchema,
  CreateContactInput,
  CreatePropertyInput,
  FilterOp,
  SubscriptionStatus,
  UpdateContactInput,
} from "@/lib/contacts/schemas";
import type { ContactImportErrorView, ContactImportView } from "@/lib/contacts/import-schemas";
import type { ContactPropertyDefinition } from "@/lib/contacts/schemas";
import { ApiError, fetchJson, fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { listsQueryKey } from "@/hooks/lists";
import { v1Resource } from "@/hooks/v1-resource";

export type Contact = z.output<typeof contactSchema>;
export type ContactDetail = z.output<typeof contactDetailSchema>;
export type { ContactImportErrorView, ContactImportView, ContactPropertyDefinition, SubscriptionStatus };

export interface ContactFilters {
  /** Part of the email or name; blank for all. */
  q: string;
  subscriptionStatus: SubscriptionStatus | "";
  listId: string;
  /** One property filter, applied when key and value are both set. */
  property: { key: string; op: FilterOp; value: string };
}

export const contactsQueryKey = ["contacts"] as const;
const contacts = v1Resource("/api/v1/contacts", contactsQueryKey);
const base = contacts.url();

function filterParams(f: ContactFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.q.trim()) params.set("q", f.q.trim());
  if (f.subscriptionStatus) params.set("subscriptionStatus", f.subscriptionStatus);
  if (f.listId) params.set("listId", f.listId);
  if (f.property.key && f.property.value.trim()) params.set(`property[${f.property.key}][${f.property.op}]`, f.property.value.trim());
  return params;
}

/** The export link for the same filters (a plain GET: the browser downloads the file). */
export const exportUrl = (f: ContactFilters) => `${base}/export?${filterParams(f)}`;

export function useContacts(filters: ContactFilters, page: number, perPage: number) {
  return useQuery({
    queryKey: [...contactsQueryKey, "list", filters, page, perPage],
    queryFn: () => {
      const params = filterParams(filters);
      params.set("page", String(page));
      params.set("perPage", String(perPage));
      return fetchV1Page<Contact>(`${base}?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: string | null) {
  return useQuery({
    queryKey: [...contactsQueryKey, "one", id],
    queryFn: () => fetchV1<ContactDetail>(contacts.url(id!)),
    enabled: id !== null,
  });
}

/** Members move with contacts: list counts are refreshed with them. */
const refresh = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: contactsQueryKey }), queryClient.invalidateQueries({ queryKey: listsQueryKey })]);

export const useCreateContact = () =>
  contacts.useChange(
    (input: CreateContactInput) => fetchV1<ContactDetail>(base, { method: "POST", body: input }),
    (c) => `Contact created: ${c.email}`,
    { then: refresh },
  );

export const useUpdateContact = () =>
  contacts.useChange(
    ({ id, input }: { id: string; input: UpdateContactInput }) =>
      fetchV1<ContactDetail>(contacts.url(id), { method: "PATCH", body: input }),
    (c) => `Contact saved: ${c.email}`,
    { then: refresh },
  );

export const useDeleteContact = () =>
  contacts.useChange(
    (c: Contact) => fetchJson(contacts.url(c.id), { method: "DELETE" }),
    (_d, c) => `Contact deleted: ${c.email}`,
    { then: refresh },
  );

/** Deletes the contact by erasing its address everywhere in the organization. */
export const useEraseContact = () =>
  contacts.useChange(
    (c: Contact) => fetchJson(`${contacts.url(c.id)}?erase=true`, { method: "DELETE" }),
    (_d, c) => `Erased: ${c.email}`,
    { then: refresh },
  );

const propertiesKey = [...contactsQueryKey, "properties"] as const;

export function useContactProperties() {
  return useQuery({ queryKey: propertiesKey, queryFn: () => fetchV1<ContactPropertyDefinition[]>(`${base}/properties`) });
}

export const useCreateProperty = () =>
  contacts.useChange(
    (input: CreatePropertyInput) => fetchV1<ContactPropertyDefinition>(`${base}/properties`, { method: "POST", body: input }),
    (p) => `Property added: ${p.key}`,
    { then: (queryClient) => queryClient.invalidateQueries({ queryKey: propertiesKey }) },
  );

export const useDeleteProperty = () =>
  contacts.useChange(
    (key: string) => fetchJson(`${base}/properties/${encodeURIComponent(key)}`, { method: "DELETE" }),
    (_d, key) => `Property deleted: ${key}`,
  );

/** POSTs the file as it is (text/csv); the answer is the finished import. */
async function uploadCsv({ file, listId }: { file: File; listId: string }): Promise<ContactImportView> {
  let res: Response;
  try {
    res = await fetch(`${base}/import${listId ? `?listId=${encodeURIComponent(listId)}` : ""}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "text/csv" },
      body: file,
    });
  } catch {
    throw new ApiError("Could not reach the server. Check your connection and try again.", 0);
  }
  const body = (await res.json().catch(() => null)) as { data?: ContactImportView; error?: string; code?: string } | null;
  if (!res.ok) throw new ApiError(body?.error || `Upload failed (${res.status})`, res.status, body?.code);
  return body!.data!;
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadCsv, meta: INLINE_ERROR, onSuccess: () => refresh(queryClient) });
}

export type ImportDetail = ContactImportView & { errors: ContactImportErrorView[] };

/** One import with a page of its refused rows. */
export function useImportReport(id: string | null, page: number, perPage: number) {
  return useQuery({
    queryKey: [...contactsQueryKey, "import", id, page, perPage],
    queryFn: async () => {
      const res = await fetchJson<{ data: ImportDetail; pagination: { total: number } }>(
        `${base}/imports/${encodeURIComponent(id!)}?page=${page}&perPage=${perPage}`,
      );
      return { detail: res.data, total: res.pagination.total };
    },
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
