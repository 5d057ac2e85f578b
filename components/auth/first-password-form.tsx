"use client";

import { useRouter } from "next/navigation";
import { ChangePasswordCard } from "@/components/account/change-password-card";

/** The forced first change: once it is saved (and this session renewed), on to the dashboard. */
export function FirstPasswordForm({ email }: { email: string }) {
  const router = useRouter();
  return (
    <ChangePasswordCard
      email={email}
      onChanged={() => {
        router.replace("/");
        router.refresh();
      }}
    />
  );
}
