// What the hooks of a v1 resource (/api/v1/<resource>[/{id}[/…]], called with the session
// cookie) have in common: its URLs, the key of one item, changes that say what they did as a
// success toast and then refresh the resource's queries, and the options of its form's pickers.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR, successToast, type DashboardMutationMeta } from "@/hooks/mutation-meta";

/** One choice of a picker: an item of another v1 list. */
export interface Option {
  id: string;
  label: string;
}

interface ChangeOptions<TData, TVariables> {
  /** Who shows a refusal; by default the dialog or form the change was made from. */
  meta?: DashboardMutationMeta;
  /** What the answer changes in the cache; by default every query of the resource is refetched. */
  then?: (queryClient: QueryClient, data: TData, variables: TVariables) => Promise<unknown>;
}

/** `key` is the resource's query key prefix: every query of its hooks starts with it. */
export function v1Resource(path: string, key: readonly [string]) {
  const url = (id?: string, tail = "") => (id ? `${path}/${encodeURIComponent(id)}${tail}` : path);
  const oneKey = (id: string) => [...key, "one", id] as const;
  const refreshAll = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: key });

  /** A change; once made, the toast says `said(answer, variables)` and `then` runs. */
  function useChange<TVariables, TData>(
    mutationFn: (variables: TVariables) => Promise<TData>,
    said: (data: TData, variables: TVariables) => string,
    { meta = INLINE_ERROR, then = refreshAll }: ChangeOptions<TData, TVariables> = {},
  ) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn,
      meta: { ...meta, ...successToast(said) },
      onSuccess: (data, variables) => then(queryClient, data, variables),
    });
  }

  /** The first 100 of a v1 list, as picker options; a route that is refused leaves the picker with its error. */
  function useOptions<T>(name: string, listUrl: string, label: (item: T) => string) {
    return useQuery({
      queryKey: [...key, "options", name],
      queryFn: async () =>
        (await fetchV1Page<T & { id: string }>(listUrl)).items.map((item): Option => ({ id: item.id, label: label(item) })),
      staleTime: 30_000,
    });
  }

  return { url, oneKey, refreshAll, useChange, useOptions };
}

/** A sender as a picker shows it: "Name <address>", and whether it is confirmed. */
export const senderLabel = (s: { email: string; name: string; verified: boolean }) =>
  `${s.name ? `${s.name} <${s.email}>` : s.email}${s.verified ? "" : " (not verified)"}`;
