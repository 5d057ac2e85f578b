"use client";

import type { ContactPropertyDefinition } from "@/hooks/contacts";
import type { PropertyValue } from "@/lib/contacts/property-values";
import { FormField } from "@/components/ui/form-field";

/** A stored value as the form shows it: dates as their day (YYYY-MM-DD), the rest as text. */
export function propertyText(type: ContactPropertyDefinition["type"], value: PropertyValue | undefined): string {
  if (value === undefined) return "";
  if (type === "date" && typeof value === "string") return value.slice(0, 10);
  return String(value);
}

/** The form's text as the API's value; null for an empty field; an error for a number that is not one. */
export function propertyValue(type: ContactPropertyDefinition["type"], text: string): { value: PropertyValue | null } | { error: string } {
  const t = text.trim();
  if (t === "") return { value: null };
  if (type === "number") return Number.isFinite(Number(t)) ? { value: Number(t) } : { error: "Enter a number, like 42 or 3.5." };
  if (type === "boolean") return { value: t === "true" };
  return { value: t };
}

const HINTS = { string: "Text", number: "A number", boolean: "Yes or no", date: "A day" } as const;

/** One property's input, shaped by its type. */
export function PropertyField({
  property,
  value,
  error,
  onChange,
}: {
  property: ContactPropertyDefinition;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = `contact-property-${property.key}`;
  const label = property.key;
  if (property.type === "boolean") {
    return (
      <FormField id={id} label={label} hint={HINTS.boolean} error={error}>
        <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Not set</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      </FormField>
    );
  }
  return (
    <FormField id={id} label={label} hint={HINTS[property.type]} error={error}>
      <input
        className="input"
        type={property.type === "date" ? "date" : "text"}
        inputMode={property.type === "number" ? "decimal" : undefined}
        value={value}
        maxLength={property.type === "string" ? 1000 : undefined}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
      />
    </FormField>
  );
}
