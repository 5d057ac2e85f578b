// TanStack hooks for the suppression list (the v1 routes /api/v1/suppressions[/{email}],
// called with the session cookie).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateSuppressionInput, Suppression, SuppressionReason } from "@/lib/suppressions/schemas";
import { fetchJson, fetchV1Page, fetchV1WithStatus } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { toast } from "@/components/ui/toast";

export type { Suppression, SuppressionReason };

export interface SuppressionListParams {
  page: number;
  perPage: number;
  /** Part of the address; blank for all. */
  search: string;
  reason: SuppressionReason | "";
}

export const suppressionsQueryKey = ["suppressions"] as const;

const v1Url = (email?: string) => (email ? `/api/v1/suppressions/${encodeURIComponent(email)}` : "/api/v1/suppressions");

export function suppressionsUrl({ page, perPage, search, reason }: SuppressionListParams): string {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  if (search.trim()) params.set("search", search.trim());
  if (reason) params.set("reason", reason);
  return `${v1Url()}?${params}`;
}

/** One page, newest first; the previous page stays on screen while the next one loads. */
export function useSuppressions(params: SuppressionListParams) {
  return useQuery({
    queryKey: [...suppressionsQueryKey, "list", params],
    queryFn: async () => {
      return fetchV1Page<Suppression>(suppressionsUrl(params));
    },
    placeholderData: keepPreviousData,
    // Bounces, complaints and unsubscribes add addresses while the page is open.
    refetchInterval: 30_000,
  });
}

/** POST, telling 201 (added) from 200 (already there). */
async function addSuppression(input: CreateSuppressionInput): Promise<{ suppression: Suppression; added: boolean }> {
  const { data, status } = await fetchV1WithStatus<Suppression>(v1Url(), { method: "POST", body: input });
  return { suppression: data, added: status === 201 };
}

/** Adding an address already on the list is not an error: the answer is its existing row. */
export function useAddSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSuppression,
    // The dialog shows the refusal.
    meta: INLINE_ERROR,
    onSuccess: ({ suppression, added }) => {
      toast.success(added ? `Suppressed: ${suppression.email}` : `Already suppressed: ${suppression.email}`);
      return queryClient.invalidateQueries({ queryKey: [...suppressionsQueryKey, "list"] });
    },
  });
}

export function useRemoveSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => fetchJson<{ data: { deleted: true } }>(v1Url(email), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: (_data, email) => {
      toast.success(`Removed from the suppression list: ${email}`);
      return queryClient.invalidateQueries({ queryKey: [...suppressionsQueryKey, "list"] });
    },
  });
}
