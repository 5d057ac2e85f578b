// A contact body's properties checked against the organization's definitions: an unknown key
// or a value of the wrong type is a 400 naming body.properties.<key>.
import { AppError, type FieldIssue } from "@/lib/errors/app-error";
import { checkJsonValue, type PropertyType, type PropertyValue } from "@/lib/contacts/property-values";
import type { PropertyInput } from "@/lib/contacts/schemas";

export const UNKNOWN_PROPERTY = "no such contact property: define it first (POST /api/v1/contacts/properties)";

/** The checked values; null (a key to remove) is kept as null. */
export function checkProperties(input: PropertyInput, types: Map<string, PropertyType>): Record<string, PropertyValue | null> {
  const out: Record<string, PropertyValue | null> = {};
  const issues: FieldIssue[] = [];
  for (const [key, value] of Object.entries(input)) {
    const path = `body.properties.${key}`;
    const type = types.get(key);
    if (!type) {
      issues.push({ path, message: UNKNOWN_PROPERTY });
      continue;
    }
    if (value === null) {
      out[key] = null;
      continue;
    }
    const checked = checkJsonValue(type, value);
    if ("error" in checked) issues.push({ path, message: `${type} property: ${checked.error}` });
    else out[key] = checked.value;
  }
  if (issues.length) throw invalidFields(issues);
  return out;
}

/** A 400 VALIDATION_ERROR naming each problem's path, as zod failures read. */
export function invalidFields(issues: FieldIssue[]): AppError {
  return new AppError("VALIDATION_ERROR", `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, issues);
}

/** `current` with `changes` applied: values set, null removing a key. */
export function mergeProperties(
  current: Record<string, PropertyValue>,
  changes: Record<string, PropertyValue | null>,
): Record<string, PropertyValue> {
  const next = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}
