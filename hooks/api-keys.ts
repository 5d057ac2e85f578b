// TanStack hooks for the dashboard's API keys (GET/POST /api/api-keys, DELETE /api/api-keys/{id}).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { apiKeySchema, createdApiKeySchema, CreateApiKeyInput } from "@/lib/api-keys/schemas";
import { fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";

export type ApiKey = z.output<typeof apiKeySchema>;
export type CreatedApiKey = z.output<typeof createdApiKeySchema>;

export const apiKeysQueryKey = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: async () => (await fetchJson<{ apiKeys: ApiKey[] }>("/api/api-keys")).apiKeys,
  });
}

/**
 * The response holds the whole key, shown once. It is never written into the query cache
 * (the list is refetched instead), and gcTime 0 drops it from the mutation cache as soon as
 * the caller stops observing it.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => fetchJson<CreatedApiKey>("/api/api-keys", { method: "POST", body: input }),
    gcTime: 0,
    // The create dialog shows the refusal in its form.
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ revoked: true }>(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
