// TanStack hooks for the organization's providers (GET/POST /api/providers,
// PUT/DELETE /api/providers/{id}, POST /api/providers/{id}/test).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateProviderInput, providerWithCapabilitiesSchema, UpdateProviderInput } from "@/lib/providers/schemas";
import { fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR, successToast } from "@/hooks/mutation-meta";
import { applyOptimistic } from "@/hooks/optimistic";

export type Provider = z.output<typeof providerWithCapabilitiesSchema>;
export interface ProviderTestResult {
  success: boolean;
  latencyMs: number;
  message: string;
}

export const providersQueryKey = ["providers"] as const;

const providerUrl = (id: string) => `/api/providers/${encodeURIComponent(id)}`;

const putJson = <T>(url: string, body: unknown) => fetchJson<T>(url, { method: "PUT", body });

export function useProviders() {
  return useQuery({
    queryKey: providersQueryKey,
    queryFn: () => fetchJson<Provider[]>("/api/providers"),
    // Usage counters move while the page is open.
    refetchInterval: 30_000,
  });
}

/** The add form shows the server's refusal in the dialog, by field where it can. */
export function useCreateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProviderInput) => fetchJson<Provider>("/api/providers", { method: "POST", body: input }),
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

/** The edit form's save; its errors show in the dialog. */
export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateProviderInput }) => putJson<Provider>(providerUrl(id), input),
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

/** Enable or disable from the list: shown at once, put back (with an error toast) if refused. */
export function useSetProviderActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => putJson<Provider>(providerUrl(id), { isActive }),
    meta: {
      errorTitle: "Could not change the provider",
      ...successToast((saved: Provider) => `Provider ${saved.isActive ? "enabled" : "disabled"}: ${saved.name}`),
    },
    onMutate: ({ id, isActive }) =>
      applyOptimistic<Provider[]>(queryClient, providersQueryKey, (list) => list.map((p) => (p.id === id ? { ...p, isActive } : p))),
    onError: (_error, _variables, undo) => undo?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

/** Providers in the order the server keeps them: priority, then age. */
function inSendingOrder(list: Provider[], priorities: Map<string, number>): Provider[] {
  // A stable sort keeps ties in their current (age) order, as the server breaks them.
  return list.map((p) => (priorities.has(p.id) ? { ...p, priority: priorities.get(p.id)! } : p)).sort((a, b) => a.priority - b.priority);
}

/**
 * Several priority changes as one action (a swap, or renumbering a list with ties). The list
 * shows the new order at once; if any change is refused it goes back, and the refetch shows
 * the order actually stored (a partial failure may have kept some changes).
 */
export function useReorderProviders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { id: string; priority: number }[]) =>
      Promise.all(changes.map(({ id, priority }) => putJson<Provider>(providerUrl(id), { priority }))),
    meta: { errorTitle: "Could not change the order", ...successToast(() => "Sending order saved") },
    onMutate: (changes) =>
      applyOptimistic<Provider[]>(queryClient, providersQueryKey, (list) =>
        inSendingOrder(list, new Map(changes.map((c) => [c.id, c.priority]))),
      ),
    onError: (_error, _variables, undo) => undo?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

/** Asked in a confirmation dialog, which shows the error. */
export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ removed: boolean }>(providerUrl(id), { method: "DELETE" }),
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

/**
 * A live connection test; it also updates the provider's health, so the list is refetched.
 * Its result (ok or not) shows in the row; a request that fails outright is an error toast.
 */
export function useTestProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<ProviderTestResult>(`${providerUrl(id)}/test`, { method: "POST" }),
    meta: { errorTitle: "Could not run the test" },
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}
