// TanStack hooks for senders (the v1 routes /api/v1/senders[/{id}[/confirmation]], called with
// the session cookie).
import { keepPreviousData, useMutation, useQuery, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateSenderInput, UpdateSenderInput, senderSchema } from "@/lib/senders/schemas";
import { fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { successToast } from "@/hooks/mutation-meta";
import { v1Resource } from "@/hooks/v1-resource";

export type Sender = z.output<typeof senderSchema>;

export const sendersQueryKey = ["senders"] as const;

const senders = v1Resource("/api/v1/senders", sendersQueryKey);
const v1Url = senders.url;
const refreshList = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [...sendersQueryKey, "list"] });

export function useSenders({ page, perPage }: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...sendersQueryKey, "list", { page, perPage }],
    queryFn: () => fetchV1Page<Sender>(`${v1Url()}?${new URLSearchParams({ page: String(page), perPage: String(perPage) })}`),
    placeholderData: keepPreviousData,
  });
}

// Made in a dialog, which shows the refusal.
export const useAddSender = () =>
  senders.useChange(
    (input: CreateSenderInput) => fetchV1<Sender>(v1Url(), { method: "POST", body: input }),
    (s) => `Sender added: ${s.email}`,
    { then: refreshList },
  );

export const useRenameSender = () =>
  senders.useChange(
    ({ id, input }: { id: string; input: UpdateSenderInput }) => fetchV1<Sender>(v1Url(id), { method: "PATCH", body: input }),
    (s) => `Sender saved: ${s.email}`,
    { then: refreshList },
  );

// Asked in a confirmation dialog, which shows the error.
export const useDeleteSender = () =>
  senders.useChange(
    (s: Sender) => fetchV1<{ id: string; deleted: true }>(v1Url(s.id), { method: "DELETE" }),
    (_r, s) => `Sender deleted: ${s.email}`,
    { then: refreshList },
  );

type ConfirmationSent = { id: string; email: string; expiresAt: string };

/** One click in a row: a refusal (test mode, a minute not yet passed) shows as an error toast with the API's words. */
export function useSendConfirmation() {
  return useMutation({
    mutationFn: (s: Sender) => fetchV1<ConfirmationSent>(v1Url(s.id, "/confirmation"), { method: "POST" }),
    meta: {
      errorTitle: "Could not send the confirmation email",
      ...successToast((r: ConfirmationSent) => `Confirmation email sent to ${r.email}. The link in it works for 72 hours.`),
    },
  });
}
