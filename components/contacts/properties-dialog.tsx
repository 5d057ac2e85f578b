"use client";

import { useState } from "react";
import { createPropertySchema } from "@/lib/contacts/schemas";
import { PROPERTY_TYPES, type PropertyType } from "@/lib/contacts/property-values";
import { useContactProperties, useCreateProperty, useDeleteProperty } from "@/hooks/contacts";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";
import { ActionButton } from "@/components/ui/action-button";

/** The organization's property definitions: add one (key and type), delete one after confirming. */
export function PropertiesDialog({ open, canManage, onClose }: { open: boolean; canManage: boolean; onClose: () => void }) {
  const properties = useContactProperties();
  const create = useCreateProperty();
  const remove = useDeleteProperty();
  const [key, setKey] = useState("");
  const [type, setType] = useState<PropertyType>("string");
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<string | null>(null);

  function close() {
    setConfirming(null);
    setError(undefined);
    create.reset();
    remove.reset();
    onClose();
  }

  function add(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = createPropertySchema.safeParse({ key: key.trim(), type });
    if (!parsed.success) return setError(fieldErrors<"key">(parsed.error).key);
    setError(undefined);
    create.mutate(parsed.data, { onSuccess: () => setKey("") });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Contact properties"
      description="Custom fields every contact can have, each with a type its values must fit. They are also CSV columns, by key."
      size="lg"
    >
      {properties.data && properties.data.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">No properties yet.</p>}
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Properties">
        {(properties.data ?? []).map((p) => (
          <li key={p.key} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="property-row">
            <span>
              <code className="font-medium">{p.key}</code> <span className="text-sm text-zinc-600 dark:text-zinc-400">{p.type}</span>
            </span>
            {canManage &&
              (confirming === p.key ? (
                <span className="flex items-center gap-2 text-sm">
                  Remove it from every contact?
                  <button type="button" className="btn-secondary py-1" onClick={() => setConfirming(null)}>
                    Keep
                  </button>
                  <ActionButton
                    className="btn-danger py-1"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(p.key, { onSuccess: () => setConfirming(null) })}
                  >
                    Delete {p.key}
                  </ActionButton>
                </span>
              ) : (
                <button type="button" className="btn-secondary py-1" onClick={() => setConfirming(p.key)}>
                  Delete<span className="sr-only"> {p.key}</span>
                </button>
              ))}
          </li>
        ))}
      </ul>
      {remove.error && <ErrorBanner message={remove.error.message} />}
      {canManage && (
        <form
          onSubmit={add}
          noValidate
          className="mt-4 grid grid-cols-1 gap-3 border-t border-zinc-200 pt-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end dark:border-zinc-800"
        >
          <FormField
            id="property-key"
            label="New property key"
            hint="Lower case: letters, digits and _, like plan or signup_date."
            error={error}
          >
            <input
              className="input"
              type="text"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              maxLength={50}
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
          <FormField id="property-type" label="Type">
            <select className="input" value={type} onChange={(e) => setType(e.target.value as PropertyType)}>
              {PROPERTY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </FormField>
          <button type="submit" className="btn-primary sm:mb-5" disabled={create.isPending}>
            {create.isPending ? "Adding…" : "Add property"}
          </button>
        </form>
      )}
      {create.error && <ErrorBanner message={create.error.message} />}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
      </DialogActions>
    </Dialog>
  );
}
