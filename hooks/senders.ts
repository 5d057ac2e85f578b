// TanStack hooks for senders (the v1 routes /api/v1/senders[/{id}[/confirmation]], called with
// the session cookie).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateSenderInput, UpdateSenderInput, senderSchema } from "@/lib/senders/schemas";
import { fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { toast } from "@/components/ui/toast";

export type Sender = z.output<typeof senderSchema>;

export const sendersQueryKey = ["senders"] as const;

const v1Url = (id?: string, action?: "confirmation") =>
  id ? `/api/v1/senders/${encodeURIComponent(id)}${action ? `/${action}` : ""}` : "/api/v1/senders";

export function useSenders({ page, perPage }: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...sendersQueryKey, "list", { page, perPage }],
    queryFn: () => fetchV1Page<Sender>(`${v1Url()}?${new URLSearchParams({ page: String(page), perPage: String(perPage) })}`),
    placeholderData: keepPreviousData,
  });
}

export function useAddSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSenderInput) => fetchV1<Sender>(v1Url(), { method: "POST", body: input }),
    // The dialog shows the refusal.
    meta: INLINE_ERROR,
    onSuccess: (s) => {
      toast.success(`Sender added: ${s.email}`);
      return queryClient.invalidateQueries({ queryKey: [...sendersQueryKey, "list"] });
    },
  });
}

export function useRenameSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateSenderInput }) => fetchV1<Sender>(v1Url(id), { method: "PATCH", body: input }),
    meta: INLINE_ERROR,
    onSuccess: (s) => {
      toast.success(`Sender saved: ${s.email}`);
      return queryClient.invalidateQueries({ queryKey: [...sendersQueryKey, "list"] });
    },
  });
}

export function useDeleteSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: Sender) => fetchV1<{ id: string; deleted: true }>(v1Url(s.id), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: (_r, s) => {
      toast.success(`Sender deleted: ${s.email}`);
      return queryClient.invalidateQueries({ queryKey: [...sendersQueryKey, "list"] });
    },
  });
}

/** One click in a row: a refusal (test mode, a minute not yet passed) shows as an error toast with the API's words. */
export function useSendConfirmation() {
  return useMutation({
    mutationFn: (s: Sender) => fetchV1<{ id: string; email: string; expiresAt: string }>(v1Url(s.id, "confirmation"), { method: "POST" }),
    meta: { errorTitle: "Could not send the confirmation email" },
    onSuccess: (r) => {
      toast.success(`Confirmation email sent to ${r.email}. The link in it works for 72 hours.`);
    },
  });
}
