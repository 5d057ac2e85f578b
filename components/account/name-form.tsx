"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { updateProfileSchema } from "@/lib/users/schemas";
import { useUpdateProfile } from "@/hooks/account-profile";
import { FormField } from "@/components/ui/form-field";
import { ErrorBanner } from "@/components/ui/error-banner";
import { fieldErrors } from "@/components/ui/field-errors";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * Your name, as the dashboard greets you. Saving reloads the server-drawn parts (the header's
 * greeting) so the new name shows at once.
 */
export function NameForm({ initial, hint, onSaved }: { initial: string; hint?: string; onSaved?: () => void }) {
  const router = useRouter();
  const update = useUpdateProfile();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const hydrated = useHydrated();

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(false);
    const parsed = updateProfileSchema.safeParse({ name });
    setError(parsed.success ? undefined : fieldErrors<"name">(parsed.error, { name: "Enter your name." }).name);
    if (!parsed.success) return;
    update.mutate(parsed.data, {
      onSuccess: () => {
        setSaved(true);
        router.refresh();
        onSaved?.();
      },
    });
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3">
      <FormField id="your-name" label="Your name" hint={hint} error={error}>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={100} />
      </FormField>
      {update.error && <ErrorBanner message={update.error.message} />}
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-primary" disabled={!hydrated || update.isPending}>
          {update.isPending ? "Saving…" : "Save name"}
        </button>
        {saved && (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            Saved.
          </p>
        )}
      </div>
    </form>
  );
}
