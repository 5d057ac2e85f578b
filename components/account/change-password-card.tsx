"use client";

import { useState } from "react";
import { changePasswordSchema } from "@/lib/account-links/schemas";
import { useChangePassword } from "@/hooks/account-password";
import { FormField } from "@/components/ui/form-field";
import { ErrorBanner } from "@/components/ui/error-banner";
import { fieldErrors } from "@/components/ui/field-errors";

type Field = "currentPassword" | "newPassword" | "repeat";
const EMPTY = { currentPassword: "", newPassword: "", repeat: "" };
const card = "rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900";

/**
 * Change your own password: the current one first, the new one twice. Every other session ends;
 * this one continues. `setByOther`: the password was set by someone else (say so, and why).
 */
export function ChangePasswordCard({ email, setByOther, onChanged }: { email: string; setByOther?: boolean; onChanged?: () => void }) {
  const change = useChangePassword(email);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState(false);
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setDone(false);
    const parsed = changePasswordSchema.safeParse({ currentPassword: form.currentPassword, newPassword: form.newPassword });
    const found: Partial<Record<Field, string>> = parsed.success
      ? {}
      : fieldErrors<Field>(parsed.error, { currentPassword: "Enter your current password." });
    if (form.repeat !== form.newPassword) found.repeat = "The two new passwords differ.";
    setErrors(found);
    if (!parsed.success || found.repeat) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        setForm(EMPTY);
        setDone(true);
        onChanged?.();
      },
    });
  }

  return (
    <section aria-labelledby="password-heading" className={`${card} mb-6`}>
      <h2 id="password-heading" className="text-lg font-semibold">
        Password
      </h2>
      {setByOther && (
        <p className="mt-1 text-sm text-amber-700 dark:text-amber-400" data-testid="password-set-by-other">
          Your password was not set through a link mailed to you: whoever added you set the first one. Change it to one only you know. To be
          made an owner, set it through a reset link an owner or admin sends you.
        </p>
      )}
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Changing it signs you out everywhere else.</p>
      <form method="post" onSubmit={submit} noValidate className="mt-4 max-w-sm space-y-4">
        <FormField id="current-password" label="Current password" error={errors.currentPassword}>
          <input
            className="input"
            type="password"
            value={form.currentPassword}
            onChange={set("currentPassword")}
            autoComplete="current-password"
            maxLength={200}
          />
        </FormField>
        <FormField id="new-password" label="New password" hint="At least 8 characters." error={errors.newPassword}>
          <input
            className="input"
            type="password"
            value={form.newPassword}
            onChange={set("newPassword")}
            autoComplete="new-password"
            maxLength={200}
          />
        </FormField>
        <FormField id="repeat-password" label="New password again" error={errors.repeat}>
          <input
            className="input"
            type="password"
            value={form.repeat}
            onChange={set("repeat")}
            autoComplete="new-password"
            maxLength={200}
          />
        </FormField>
        {change.error && <ErrorBanner message={change.error.message} />}
        {done && (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            Password changed. You are signed out everywhere else.
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={change.isPending}>
          {change.isPending ? "Changing…" : "Change password"}
        </button>
      </form>
    </section>
  );
}
