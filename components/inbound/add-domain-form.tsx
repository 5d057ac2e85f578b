"use client";
// Adds a domain to receive mail for, checked with the route's own schema (createDomainSchema);
// the server's refusal (a domain already taken, 409) shows under the input.
import { useState } from "react";
import { createDomainSchema } from "@/lib/inbound/schemas";
import { useAddDomain } from "@/hooks/inbound";

export function AddDomainForm() {
  const add = useAddDomain();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const shown = error ?? add.error?.message ?? null;

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = createDomainSchema.safeParse({ name });
    if (!parsed.success) {
      const message = parsed.error.issues[0].message;
      setError(message.charAt(0).toUpperCase() + message.slice(1));
      return;
    }
    setError(null);
    add.mutate(
      { name: parsed.data.name, inboundEnabled: true },
      {
        onSuccess: (d) => {
          setName("");
          setAdded(d.name);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <label htmlFor="inbound-domain-name" className="block text-sm font-medium">
        Add a domain
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id="inbound-domain-name"
          className="input"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
            setAdded(null);
            add.reset();
          }}
          placeholder="inbound.example.com"
          autoComplete="off"
          spellCheck={false}
          maxLength={253}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? "inbound-domain-error" : "inbound-domain-hint"}
        />
        <button type="submit" className="btn-primary shrink-0" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add domain"}
        </button>
      </div>
      <div aria-live="polite">
        {shown ? (
          <p id="inbound-domain-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {shown}
          </p>
        ) : added ? (
          <p className="mt-1 text-xs text-green-700 dark:text-green-400">
            {added} added. Point its MX record at your Mailroom server to start receiving.
          </p>
        ) : (
          <p id="inbound-domain-hint" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            Mail to any address at it becomes your organization&apos;s. A domain belongs to one organization.
          </p>
        )}
      </div>
    </form>
  );
}
