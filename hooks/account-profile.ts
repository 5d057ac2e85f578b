// TanStack hook for your own name (PATCH /api/account/profile).
import { useMutation } from "@tanstack/react-query";
import { fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import type { UpdateProfileInput } from "@/lib/users/schemas";

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => fetchJson<{ name: string }>("/api/account/profile", { method: "PATCH", body: input }),
    meta: INLINE_ERROR,
  });
}
