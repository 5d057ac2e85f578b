// TanStack hooks for sequences (the v1 routes /api/v1/sequences[/{id}[/enrolments[/{id}]]],
// called with the session cookie), and the pickers' options: templates, lists and senders.
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
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
import { senderLabel, v1Resource, type Option } from "@/hooks/v1-resource";

export type Sequence = z.output<typeof sequenceSchema>;
export type SequenceDetail = z.output<typeof sequenceDetailSchema>;
export type Enrolment = z.output<typeof enrolmentSchema>;
export type EnrolResult = z.output<typeof enrolResultSchema>;
export type EnrolmentStatus = Enrolment["status"];
export type { Option };

export const sequencesQueryKey = ["sequences"] as const;

const sequences = v1Resource("/api/v1/sequences", sequencesQueryKey);
const v1Url = sequences.url;
const enrolmentsUrl = (id: string, enrolmentId?: string) =>
  `${v1Url(id)}/enrolments${enrolmentId ? `/${encodeURIComponent(enrolmentId)}` : ""}`;

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
  return useQuery({ queryKey: sequences.oneKey(id), queryFn: () => fetchV1<SequenceDetail>(v1Url(id)), refetchInterval: 15_000 });
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

/** The answer is the sequence as its page shows it: in the cache at once, then every query refetched. */
const seedThenRefresh = (queryClient: QueryClient, s: SequenceDetail) => {
  queryClient.setQueryData(sequences.oneKey(s.id), s);
  return sequences.refreshAll(queryClient);
};

// Made in a dialog, which shows the refusal.
export const useCreateSequence = () =>
  sequences.useChange(
    (input: CreateSequenceInput) => fetchV1<SequenceDetail>(v1Url(), { method: "POST", body: input }),
    (s) => `Sequence created: ${s.name}`,
  );

export const useUpdateSequence = () =>
  sequences.useChange(
    ({ id, input }: { id: string; input: UpdateSequenceInput }) => fetchV1<SequenceDetail>(v1Url(id), { method: "PATCH", body: input }),
    (s) => `Sequence saved: ${s.name}`,
    { then: seedThenRefresh },
  );

/** Pause or resume: one click, the error toast shows a refusal. */
export const useSetSequenceStatus = () =>
  sequences.useChange(
    ({ id, status }: { id: string; status: Sequence["status"] }) =>
      fetchV1<SequenceDetail>(v1Url(id), { method: "PATCH", body: { status } }),
    (s) => `Sequence ${s.status === "paused" ? "paused" : "resumed"}: ${s.name}`,
    { meta: { errorTitle: "Could not change the sequence" }, then: seedThenRefresh },
  );

/** Asked in a confirmation dialog, which shows the error; the deleted sequence's own query is dropped, not refetched. */
export const useDeleteSequence = () =>
  sequences.useChange(
    (s: { id: string; name: string }) => fetchV1<{ id: string; deleted: true }>(v1Url(s.id), { method: "DELETE" }),
    (_data, s) => `Sequence deleted: ${s.name}`,
    {
      then: (queryClient, _data, s) => {
        queryClient.removeQueries({ queryKey: sequences.oneKey(s.id) });
        return queryClient.invalidateQueries({ queryKey: [...sequencesQueryKey, "list"] });
      },
    },
  );

export const useEnrolContacts = (id: string) =>
  sequences.useChange(
    (input: EnrolInput) => fetchV1<EnrolResult>(enrolmentsUrl(id), { method: "POST", body: input }),
    (r) =>
      `${r.enrolled.length} ${r.enrolled.length === 1 ? "contact" : "contacts"} enrolled${r.skipped.length ? `, ${r.skipped.length} skipped` : ""}`,
  );

/** One click in a row: the error toast shows a refusal. */
export const useRemoveEnrolment = (id: string) =>
  sequences.useChange(
    (e: Enrolment) => fetchV1<Enrolment>(enrolmentsUrl(id, e.id), { method: "DELETE" }),
    (e) => `Removed from the sequence: ${e.email}`,
    { meta: { errorTitle: "Could not remove the contact" } },
  );

export const useTemplateOptions = () => sequences.useOptions<{ name: string }>("templates", "/api/v1/templates?perPage=100", (t) => t.name);
export const useListOptions = () => sequences.useOptions<{ name: string }>("lists", "/api/v1/lists?perPage=100", (l) => l.name);
export const useSenderOptions = () => sequences.useOptions("senders", "/api/v1/senders?perPage=100", senderLabel);
