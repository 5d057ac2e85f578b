// TanStack hooks for the organization's providers (GET/POST /api/providers,
// PUT/DELETE /api/providers/{id}, POST /api/providers/{id}/test).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateProviderInput, providerWithCapabilitiesSchema, UpdateProviderInput } from "@/lib/providers/schemas";
import { fetchJson } from "@/lib/queries/fetch-json";

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

export function useCreateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProviderInput) => fetchJson<Provider>("/api/providers", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateProviderInput }) => putJson<Provider>(providerUrl(id), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

/** Several priority changes as one action (a swap, or renumbering a list with ties). */
export function useReorderProviders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { id: string; priority: number }[]) =>
      Promise.all(changes.map(({ id, priority }) => putJson<Provider>(providerUrl(id), { priority }))),
    // Refetch even after a partial failure, so the list shows the order actually stored.
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ removed: boolean }>(providerUrl(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}

/** A live connection test; it also updates the provider's health, so the list is refetched. */
export function useTestProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<ProviderTestResult>(`${providerUrl(id)}/test`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}
