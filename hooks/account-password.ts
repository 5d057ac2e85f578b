// TanStack hook for changing your own password (/api/account/password). The server ends every
// session, this one included; the hook then signs in again with the new password, so the
// person stays signed in here and only their other sessions end.
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import type { ChangePasswordInput } from "@/lib/account-links/schemas";

export function useChangePassword(email: string) {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      await fetchJson<{ changed: true }>("/api/account/password", { method: "POST", body: input });
      const res = await signIn("credentials", { email, password: input.newPassword, redirect: false });
      if (!res || res.error) throw new Error("Your password is changed, but signing in again failed: sign in with the new password.");
    },
    meta: INLINE_ERROR,
  });
}
