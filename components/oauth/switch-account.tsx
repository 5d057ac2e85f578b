"use client";

import { signOut } from "next-auth/react";

/** "Not you?": signs out and comes back to this consent screen, which asks for a sign-in. */
export function SwitchAccount() {
  return (
    <button
      type="button"
      className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-50"
      onClick={() => signOut({ callbackUrl: window.location.pathname + window.location.search })}
    >
      Not you?
    </button>
  );
}
