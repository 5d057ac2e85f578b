"use client";

import { useState } from "react";
import type { z } from "zod";
import type { Scope } from "@/lib/auth/permissions";
import { createAppSchema } from "@/lib/oauth/schemas";
import { useCreateOAuthApp, type CreatedOAuthApp } from "@/hooks/oauth-apps";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { ScopesPicker } from "@/components/api-keys/scopes-picker";

type Field = "name" | "redirectUris" | "scopes" | "clientUri";

const MESSAGES: Record<Exclude<Field, "redirectUris">, string> = {
  name: "Give the app a name of up to 100 characters.",
  scopes: "Pick at least one scope.",
  clientUri: "Enter a full http or https address, e.g. https://example.com.",
};

/** The first problem per field; a bad redirect URI is named by its line. */
function problems(error: z.ZodError): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const [field, index] = issue.path;
    const key = String(field) as Field;
    if (out[key] !== undefined) continue;
    if (key === "redirectUris") {
      out.redirectUris =
        typeof index === "number"
          ? `Line ${index + 1}: ${issue.message}.`
          : issue.code === "too_big"
            ? "At most 10 redirect URIs."
            : "Add at least one redirect URI.";
    } else {
      out[key] = MESSAGES[key] ?? issue.message;
    }
  }
  return out;
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

interface RegisterAppDialogProps {
  open: boolean;
  onClose: () => void;
  /** Receives the app with its secret once; the caller shows it and then forgets it. */
  onCreated: (created: CreatedOAuthApp) => void;
}

export function RegisterAppDialog({ open, onClose, onCreated }: RegisterAppDialogProps) {
  const create = useCreateOAuthApp();
  const [name, setName] = useState("");
  const [redirectUris, setRedirectUris] = useState("");
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [confidential, setConfidential] = useState(false);
  const [clientUri, setClientUri] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function close() {
    setName("");
    setRedirectUris("");
    setScopes([]);
    setConfidential(false);
    setClientUri("");
    setErrors({});
    create.reset();
    onClose();
  }

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = createAppSchema.safeParse({
      name,
      redirectUris: lines(redirectUris),
      scopes,
      confidential,
      clientUri: clientUri.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(problems(parsed.error));
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(parsed.data);
      onCreated(created);
      close();
    } catch {
      // create.error holds the API's message; it is shown below the form.
    }
  }

  return (
    <Dialog open={open} onClose={close} title="Register app" dismissible={!create.isPending} size="lg">
      <form onSubmit={submit} noValidate className="space-y-5">
        <FormField id="oauth-app-name" label="Name" hint="Shown to users on the consent screen." error={errors.name}>
          <input
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            autoComplete="off"
            data-autofocus
          />
        </FormField>
        <FormField
          id="oauth-app-redirect-uris"
          label="Redirect URIs"
          hint="One per line. https, http only on localhost or 127.0.0.1, or an app scheme such as com.example.app:/callback."
          error={errors.redirectUris}
        >
          <textarea
            className="input font-mono"
            rows={3}
            value={redirectUris}
            onChange={(e) => setRedirectUris(e.target.value)}
            spellCheck={false}
          />
        </FormField>
        <ScopesPicker
          value={scopes}
          onChange={setScopes}
          error={errors.scopes}
          allowFullAccess={false}
          hint="The most the app may ask for. Each user grants only what their role allows."
        />
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={confidential}
            onChange={(e) => setConfidential(e.target.checked)}
          />
          <span>
            <span className="font-medium">Confidential app</span>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              For an app that runs on a server and can keep a client secret. Browser, mobile and command-line apps are public: they prove
              themselves with PKCE alone.
            </span>
          </span>
        </label>
        <FormField
          id="oauth-app-homepage"
          label="Homepage URL (optional)"
          hint="Its address is shown on the consent screen."
          error={errors.clientUri}
        >
          <input
            className="input"
            type="url"
            value={clientUri}
            onChange={(e) => setClientUri(e.target.value)}
            placeholder="https://example.com"
            autoComplete="off"
          />
        </FormField>
        <FormActions
          pending={create.isPending}
          error={create.error?.message}
          onCancel={close}
          submitLabel="Register app"
          pendingLabel="Registering…"
        />
      </form>
    </Dialog>
  );
}
