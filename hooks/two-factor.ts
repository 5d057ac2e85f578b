// TanStack hooks for the signed-in user's two-factor (GET /api/account/two-factor,
// POST /api/account/two-factor/{setup,enable,verify,disable}).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { enrollmentSchema, twoFactorStatusSchema } from "@/lib/two-factor/schemas";
import { ApiError, fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";

export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;
export type Enrollment = z.output<typeof enrollmentSchema>;

export const twoFactorQueryKey = ["account", "two-factor"] as const;

/** Refetch just after the factor stops being fresh, so the page never claims a lapsed one. */
function untilStale(status: TwoFactorStatus | undefined): number | false {
  if (!status?.freshUntil) return false;
  return Math.max(1_000, new Date(status.freshUntil).getTime() - Date.now() + 1_000);
}

export function useTwoFactor() {
  return useQuery({
    queryKey: twoFactorQueryKey,
    queryFn: () => fetchJson<TwoFactorStatus>("/api/account/two-factor"),
    refetchInterval: (query) => untilStale(query.state.data),
  });
}

/**
 * Starts enrollment. The secret is shown once: callers move it into component state and
 * reset() the mutation, and gcTime 0 lets TanStack forget it as soon as nothing observes it.
 */
export function useStartTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<Enrollment>("/api/account/two-factor/setup", { method: "POST" }),
    gcTime: 0,
    // The setup card shows the refusal.
    meta: INLINE_ERROR,
    // 409: already on (perhaps from another tab); show the real state.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) return queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
    },
  });
}

function useCodeMutation(action: "enable" | "verify" | "disable") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => fetchJson<TwoFactorStatus>(`/api/account/two-factor/${action}`, { method: "POST", body: { code } }),
    // The code form shows a wrong code under the field, anything else above it.
    meta: INLINE_ERROR,
    onSuccess: (status) => queryClient.setQueryData(twoFactorQueryKey, status),
  });
}

export const useEnableTwoFactor = () => useCodeMutation("enable");
export const useVerifyTwoFactor = () => useCodeMutation("verify");
export const useDisableTwoFactor = () => useCodeMutation("disable");
