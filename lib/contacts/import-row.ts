// The CSV import format: a header row naming the columns, then one contact per row.
// `email` is required; `name` and `subscription_status` are optional; `created_at`,
// `updated_at` and `id` are accepted and ignored (they are in exports); every other column must
// be a defined contact property. An empty cell leaves the contact's value as it is.
import { contactEmail, MAX_NAME, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "@/lib/contacts/schemas";
import { parseTextValue, type PropertyType, type PropertyValue } from "@/lib/contacts/property-values";
import { unescapeFormula } from "@/lib/contacts/csv-cells";
import { invalidFields } from "@/lib/contacts/check-properties";
import type { FieldIssue } from "@/lib/errors/app-error";
import { storableText, unstorable } from "@/lib/db/storable-text";

const IGNORED = new Set(["created_at", "updated_at", "id"]);

export interface ImportColumns {
  width: number;
  email: number;
  name?: number;
  status?: number;
  properties: { index: number; key: string; type: PropertyType }[];
}

export type ImportRow =
  | { ok: true; email: string; name: string | null; status: SubscriptionStatus | null; properties: Record<string, PropertyValue> }
  | { ok: false; email: string | null; message: string };

/** The header's columns; an unusable header (no email column, unknown or repeated columns) is a 400 before anything is imported. */
export function readHeader(cells: string[], types: Map<string, PropertyType>): ImportColumns {
  const names = cells.map((c) => c.trim().toLowerCase());
  const columns: Partial<ImportColumns> & { properties: ImportColumns["properties"] } = { width: names.length, properties: [] };
  const issues: FieldIssue[] = [];
  const unknown: string[] = [];
  names.forEach((name, index) => {
    if (names.indexOf(name) !== index) issues.push({ path: "body.header", message: `column "${name}" appears twice` });
    else if (name === "email") columns.email = index;
    else if (name === "name") columns.name = index;
    else if (name === "subscription_status") columns.status = index;
    else if (IGNORED.has(name)) return;
    else if (types.has(name)) columns.properties.push({ index, key: name, type: types.get(name)! });
    else unknown.push(JSON.stringify(name.slice(0, 60)));
  });
  if (columns.email === undefined) issues.push({ path: "body.header", message: "an email column is required" });
  if (unknown.length) {
    issues.push({
      path: "body.header",
      message: `unknown columns ${unknown.join(", ")}: each column is email, name, subscription_status or a defined contact property`,
    });
  }
  if (issues.length) throw invalidFields(issues);
  return columns as ImportColumns;
}

const cell = (cells: string[], index: number | undefined) => (index === undefined ? "" : unescapeFormula(cells[index].trim()));

/** One data row checked against the columns: the contact's fields, or why the row is refused. */
export function readRow(cells: string[], columns: ImportColumns): ImportRow {
  const rawEmail = cell(cells, columns.email) || null;
  // Text the database cannot store: the row is refused, and its address recorded cleaned.
  const problem = cells.map(unstorable).find(Boolean);
  if (problem)
    return { ok: false, email: rawEmail && storableText(rawEmail), message: `a cell holds text that cannot be stored: ${problem}` };
  if (cells.length !== columns.width)
    return { ok: false, email: rawEmail, message: `expected ${columns.width} columns, found ${cells.length}` };
  const problems: string[] = [];
  const email = rawEmail === null ? null : contactEmail.safeParse(rawEmail);
  if (email === null) problems.push("email is required");
  else if (!email.success) problems.push(`email: ${email.error.issues[0].message}`);
  const name = cell(cells, columns.name) || null;
  if (name !== null && name.length > MAX_NAME) problems.push(`name: at most ${MAX_NAME} characters`);
  else if (name !== null && /[\r\n]/.test(name)) problems.push("name: no line breaks");
  const status = cell(cells, columns.status).toLowerCase() || null;
  if (status !== null && !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status))
    problems.push(`subscription_status: subscribed or unsubscribed, got ${JSON.stringify(status.slice(0, 40))}`);
  const properties: Record<string, PropertyValue> = {};
  for (const p of columns.properties) {
    const text = cell(cells, p.index);
    if (text === "") continue;
    const checked = parseTextValue(p.type, text);
    if ("error" in checked) problems.push(`${p.key} (${p.type}): ${checked.error}`);
    else properties[p.key] = checked.value;
  }
  if (problems.length || !email?.success) return { ok: false, email: email?.success ? email.data : rawEmail, message: problems.join("; ") };
  return { ok: true, email: email.data, name, status: status as SubscriptionStatus | null, properties };
}
