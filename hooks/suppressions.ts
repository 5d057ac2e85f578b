// TanStack hooks for the suppression list (the v1 routes /api/v1/suppressions[/{email}],
// called with the session cookie).
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import type { CreateSuppressionInput, Suppression, SuppressionReason } from "@/lib/suppressions/schemas";
import { fetchJson, fetchV1Page, fetchV1WithStatus } from "@/hooks/fetch-json";
import { v1Resource } from "@/hooks/v1-resource";

export type { Suppression, SuppressionReason };

export interface SuppressionListParams {
  page: number;
  perPage: number;
  /** Part of the address; blank for all. */
  search: string;
  reason: SuppressionReason | "";
}

export const suppressionsQueryKey = ["suppressions"] as const;

const suppressions = v1Resource("/api/v1/suppressions", suppressionsQueryKey);
// One suppression's URL names its address.
const v1Url = (email?: string) => suppressions.url(email);
const refreshList = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [...suppressionsQueryKey, "list"] });

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

/** Adding an address already on the list is not an error: the answer is its existing row. Made in a dialog, which shows the refusal. */
export const useAddSuppression = () =>
  suppressions.useChange(
    addSuppression,
    // An erased address's row shows no address: the one asked about is named.
    ({ suppression, added }, input) =>
      added ? `Suppressed: ${suppression.email}` : `Already suppressed: ${suppression.email ?? input.email}`,
    {
      then: refreshList,
    },
  );

// Asked in a confirmation dialog, which shows the error.
export const useRemoveSuppression = () =>
  suppressions.useChange(
    (email: string) => fetchJson<{ data: { deleted: true } }>(v1Url(email), { method: "DELETE" }),
    (_data, email) => `Removed from the suppression list: ${email}`,
    {
      then: refreshList,
    },
  );
