// TanStack hooks for send mode and test lists (GET/PUT /api/safety/mode,
// GET/POST/DELETE /api/safety/test-lists).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateTestListInput, modeSettingsSchema, SendMode, testListSchema } from "@/lib/safety/schemas";
import { fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";

export type ModeSettings = z.output<typeof modeSettingsSchema>;
export type TestList = z.output<typeof testListSchema>;
export type { SendMode };

export const sendModeQueryKey = ["safety", "mode"] as const;
export const testListsQueryKey = ["safety", "test-lists"] as const;

export function useSendMode() {
  return useQuery({ queryKey: sendModeQueryKey, queryFn: () => fetchJson<ModeSettings>("/api/safety/mode") });
}

export function useSetSendMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: SendMode) => fetchJson<ModeSettings>("/api/safety/mode", { method: "PUT", body: { mode } }),
    // Asked in the switch dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: (settings) => queryClient.setQueryData(sendModeQueryKey, settings),
  });
}

/** Only owners and admins may read test lists: pass enabled false for other roles. */
export function useTestLists(enabled = true) {
  return useQuery({
    queryKey: testListsQueryKey,
    queryFn: async () => (await fetchJson<{ lists: TestList[] }>("/api/safety/test-lists")).lists,
    enabled,
  });
}

export function useCreateTestList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateTestListInput) =>
      (await fetchJson<{ list: TestList }>("/api/safety/test-lists", { method: "POST", body: input })).list,
    // The create dialog shows the refusal in its form.
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testListsQueryKey }),
  });
}

export function useDeleteTestList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchJson<{ deleted: boolean }>(`/api/safety/test-lists?id=${encodeURIComponent(id)}`, { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testListsQueryKey }),
  });
}
