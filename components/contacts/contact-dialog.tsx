"use client";

import { useState } from "react";
import Link from "next/link";
import { createContactSchema } from "@/lib/contacts/schemas";
import {
  useContact,
  useContactProperties,
  useCreateContact,
  useUpdateContact,
  type Contact,
  type SubscriptionStatus,
} from "@/hooks/contacts";
import type { PropertyValue } from "@/lib/contacts/property-values";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";
import { PropertyField, propertyText, propertyValue } from "@/components/contacts/property-field";

type Field = "email" | "name";

/**
 * Adds a contact, or edits one (`contact`): email, name, subscription status and a field per
 * property definition. An edit sends only the properties that changed (an emptied one is
 * removed), so values the form cannot show exactly (a date's time of day) stay as they are.
 */
export function ContactDialog({ open, contact, onClose }: { open: boolean; contact?: Contact | null; onClose: () => void }) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const save = contact ? update : create;
  const properties = useContactProperties();
  const detail = useContact(contact?.id ?? null);
  const initial = (key: string, type: Parameters<typeof propertyText>[0]) => propertyText(type, contact?.properties[key]);
  const [email, setEmail] = useState(contact?.email ?? "");
  const [name, setName] = useState(contact?.name ?? "");
  const [status, setStatus] = useState<SubscriptionStatus>(contact?.subscriptionStatus ?? "subscribed");
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const defs = properties.data ?? [];

  function close() {
    setErrors({});
    create.reset();
    update.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found: Record<string, string> = {};
    const props: Record<string, PropertyValue | null> = {};
    for (const p of defs) {
      const text = values[p.key] ?? initial(p.key, p.type);
      if (contact && text === initial(p.key, p.type)) continue;
      const v = propertyValue(p.type, text);
      if ("error" in v) found[p.key] = v.error;
      else if (v.value !== null || contact) props[p.key] = v.value;
    }
    const parsed = createContactSchema.safeParse({ email, name, subscriptionStatus: status, properties: props });
    if (!parsed.success) Object.assign(found, fieldErrors<Field>(parsed.error));
    if (Object.keys(found).length || !parsed.success) {
      setErrors(found);
      return;
    }
    setErrors({});
    if (!contact) return create.mutate(parsed.data, { onSuccess: close });
    const input = {
      ...(parsed.data.email !== contact.email ? { email: parsed.data.email } : {}),
      ...(parsed.data.name !== contact.name ? { name: parsed.data.name } : {}),
      ...(status !== contact.subscriptionStatus ? { subscriptionStatus: status } : {}),
      ...(Object.keys(props).length ? { properties: props } : {}),
    };
    if (Object.keys(input).length === 0) return close();
    update.mutate({ id: contact.id, input }, { onSuccess: close });
  }

  return (
    <Dialog open={open} onClose={close} title={contact ? "Edit contact" : "New contact"} dismissible={!save.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {contact?.suppressed && (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
            This address is on the{" "}
            <Link href="/suppressions" className="underline">
              suppression list
            </Link>
            : no mail goes to it, whatever its subscription status.
          </p>
        )}
        <FormField
          id="contact-email"
          label="Email"
          hint="Unique among your contacts; upper and lower case are the same address."
          error={errors.email}
        >
          <input
            className="input"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={320}
            autoComplete="off"
            data-autofocus
          />
        </FormField>
        <FormField id="contact-name" label="Name" hint="Optional." error={errors.name}>
          <input className="input" type="text" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoComplete="off" />
        </FormField>
        <FormField id="contact-status" label="Subscription" hint="Unsubscribed contacts get no campaign or sequence mail.">
          <select className="input" value={status} onChange={(e) => setStatus(e.target.value as SubscriptionStatus)}>
            <option value="subscribed">Subscribed</option>
            <option value="unsubscribed">Unsubscribed</option>
          </select>
        </FormField>
        {defs.length > 0 && (
          <fieldset className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
            <legend className="px-1 text-sm font-medium">Properties</legend>
            {defs.map((p) => (
              <PropertyField
                key={p.key}
                property={p}
                value={values[p.key] ?? initial(p.key, p.type)}
                error={errors[p.key]}
                onChange={(v) => setValues((s) => ({ ...s, [p.key]: v }))}
              />
            ))}
          </fieldset>
        )}
        {contact && detail.data && (
          <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="contact-lists">
            {detail.data.lists.length ? `On lists: ${detail.data.lists.map((l) => l.name).join(", ")}` : "On no list."}
          </p>
        )}
        <FormActions
          pending={save.isPending}
          error={save.error?.message}
          onCancel={close}
          submitLabel={contact ? "Save" : "Create contact"}
          pendingLabel={contact ? "Saving…" : "Creating…"}
        />
      </form>
    </Dialog>
  );
}
