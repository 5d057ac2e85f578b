"use client";

import { NameForm } from "@/components/account/name-form";

/** Shown to someone without a name yet (the first owner, at first sign-in and on the overview): one field, then gone. */
export function NamePrompt({ className = "mt-6" }: { className?: string }) {
  return (
    <section
      aria-labelledby="name-prompt-heading"
      className={`${className} rounded-lg border border-brand-500/40 bg-brand-50 p-5 dark:border-brand-500/50 dark:bg-zinc-900`}
    >
      <h2 id="name-prompt-heading" className="mb-3 text-base font-semibold">
        What should we call you?
      </h2>
      <NameForm initial="" hint="Shown in the header and to the members of your organization." />
    </section>
  );
}
