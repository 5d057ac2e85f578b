// TanStack hooks for sequences (the v1 routes /api/v1/sequences[/{id}[/enrolments[/{id}]]],
// called with the session cookie), and the pickers' options: templates, lists and senders.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CreateSequenceInput,
  EnrolInput,
  enrolmentSchema,
  enrolResultSchema,
  sequenceDetailSchema,
  sequenceSchema,
  UpdateSequenceInput,
} from "@/lib/sequences/schemas";
import { fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { toast } from "@/components/ui/toast";

export type Sequence = z.output<typeof sequenceSchema>;
export type SequenceDetail = z.output<typeof sequenceDetailSchema>;
export type Enrolment = z.output<typeof enrolmentSchema>;
export type EnrolResult = z.output<typeof enrolResultSchema>;
export type EnrolmentStatus = Enrolment["status"];

export const sequencesQueryKey = ["sequences"] as const;
const oneKey = (id: string) => [...sequencesQueryKey, "one", id] as const;

const v1Url = (id?: string) => (id ? `/api/v1/sequences/${encodeURIComponent(id)}` : "/api/v1/sequences");
const enrolmentsUrl = (id: string, enrolmentId?: string) => `${v1Url(id)}/enrolments${enrolmentId ? `/${encodeURIComponent(enrolmentId)}` : ""}`;

/** One page of sequences, newest first, with their steps and enrolment counts. */
export function useSequences(page: number, perPage: number) {
  return useQuery({
    queryKey: [...sequencesQueryKey, "list", page, perPage],
    queryFn: () => fetchV1Page<Sequence>(`${v1Url()}?${new URLSearchParams({ page: String(page), perPage: String(perPage) })}`),
    placeholderData: keepPreviousData,
  });
}

/** One sequence with its stats; refreshed while open, as steps go out in the background. */
export function useSequence(id: string) {
  return useQuery({ queryKey: oneKey(id), queryFn: () => fetchV1<SequenceDetail>(v1Url(id)), refetchInterval: 15_000 });
}

export function useEnrolments(id: string, page: number, perPage: number, status?: EnrolmentStatus) {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage), ...(status ? { status } : {}) });
  return useQuery({
    queryKey: [...sequencesQueryKey, "enrolments", id, page, perPage, status ?? "all"],
    queryFn: () => fetchV1Page<Enrolment>(`${enrolmentsUrl(id)}?${params}`),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

const invalidateAll = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: sequencesQueryKey });

export function useCreateSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSequenceInput) => fetchV1<SequenceDetail>(v1Url(), { method: "POST", body: input }),
    // The dialog shows the refusal.
    meta: INLINE_ERROR,
    onSuccess: (s) => {
      toast.success(`Sequence created: ${s.name}`);
      return invalidateAll(queryClient);
    },
  });
}

export function useUpdateSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateSequenceInput }) => fetchV1<SequenceDetail>(v1Url(id), { method: "PATCH", body: input }),
    // The dialog shows the refusal.
    meta: INLINE_ERROR,
    onSuccess: (s) => {
      queryClient.setQueryData(oneKey(s.id), s);
      toast.success(`Sequence saved: ${s.name}`);
      return invalidateAll(queryClient);
    },
  });
}

/** Pause or resume: one click, the error toast shows a refusal. */
export function useSetSequenceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: Sequence["status"] }) => fetchV1<SequenceDetail>(v1Url(id), { method: "PATCH", body: { status } }),
    meta: { errorTitle: "Could not change the sequence" },
    onSuccess: (s) => {
      queryClient.setQueryData(oneKey(s.id), s);
      toast.success(`Sequence ${s.status === "paused" ? "paused" : "resumed"}: ${s.name}`);
      return invalidateAll(queryClient);
    },
  });
}

export function useDeleteSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: { id: string; name: string }) => fetchV1<{ id: string; deleted: true }>(v1Url(s.id), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: (_data, s) => {
      toast.success(`Sequence deleted: ${s.name}`);
      queryClient.removeQueries({ queryKey: oneKey(s.id) });
      return queryClient.invalidateQueries({ queryKey: [...sequencesQueryKey, "list"] });
    },
  });
}

export function useEnrolContacts(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EnrolInput) => fetchV1<EnrolResult>(enrolmentsUrl(id), { method: "POST", body: input }),
    meta: INLINE_ERROR,
    onSuccess: (r) => {
      toast.success(`${r.enrolled.length} ${r.enrolled.length === 1 ? "contact" : "contacts"} enrolled${r.skipped.length ? `, ${r.skipped.length} skipped` : ""}`);
      return invalidateAll(queryClient);
    },
  });
}

/** One click in a row: the error toast shows a refusal. */
export function useRemoveEnrolment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (e: Enrolment) => fetchV1<Enrolment>(enrolmentsUrl(id, e.id), { method: "DELETE" }),
    meta: { errorTitle: "Could not remove the contact" },
    onSuccess: (e) => {
      toast.success(`Removed from the sequence: ${e.email}`);
      return invalidateAll(queryClient);
    },
  });
}

export interface Option {
  id: string;
  label: string;
}

/** The first 100 of a v1 list, as picker options; a route that is missing or refused leaves the picker with its error. */
function useOptions<T>(key: string, url: string, label: (item: T) => string) {
  return useQuery({
    queryKey: [...sequencesQueryKey, "options", key],
    queryFn: async () => (await fetchV1Page<T & { id: string }>(url)).items.map((item): Option => ({ id: item.id, label: label(item) })),
    staleTime: 30_000,
  });
}

export const useTemplateOptions = () => useOptions<{ name: string }>("templates", "/api/v1/templates?perPage=100", (t) => t.name);
export const useListOptions = () => useOptions<{ name: string }>("lists", "/api/v1/lists?perPage=100", (l) => l.name);
export const useSenderOptions = () =>
  useOptions<{ email: string; name: string; verified: boolean }>("senders", "/api/v1/senders?perPage=100", (s) => `${s.name ? `${s.name} <${s.email}>` : s.email}${s.verified ? "" : " (not verified)"}`);
