// The editor's state and how it becomes a request: checked with the create route's own schema,
// and for an existing template sent as a PATCH of only what changed (a content field adds a
// version even when its value is the same, so unchanged fields are left out).
import { createTemplateSchema, type CreateTemplateInput, type UpdateTemplateInput } from "@/lib/templates/schemas";
import { ApiError } from "@/hooks/fetch-json";
import type { Template, TemplateVersion } from "@/hooks/templates";

type DefaultValue = string | number | boolean | null;

export interface VariableRow {
  /** React's key for the row; never sent. */
  key: string;
  name: string;
  required: boolean;
  /** As typed; blank means no default. */
  default: string;
  /** The stored default, kept while its text is unchanged so a number or boolean stays one. */
  stored?: DefaultValue;
}

export interface Draft {
  name: string;
  subject: string;
  html: string;
  text: string;
  variables: VariableRow[];
}

export type DraftField = "name" | "subject" | "html" | "text" | "variables";

export interface DraftErrors {
  fields: Partial<Record<DraftField, string>>;
  /** By row index. */
  rows: Record<number, string>;
}

export const NO_ERRORS: DraftErrors = { fields: {}, rows: {} };
export const EMPTY_DRAFT: Draft = { name: "", subject: "", html: "", text: "", variables: [] };

let lastKey = 0;
export const newRow = (): VariableRow => ({ key: `var-${++lastKey}`, name: "", required: false, default: "" });

/** The editor's starting point for a saved template or one of its versions. */
export function draftOf(t: Pick<TemplateVersion, "subject" | "html" | "text" | "variables">, name: string): Draft {
  return {
    name,
    subject: t.subject,
    html: t.html ?? "",
    text: t.text ?? "",
    variables: t.variables.map((v) => ({
      ...newRow(),
      name: v.name,
      required: v.required,
      default: v.default === null ? "" : String(v.default),
      stored: v.default,
    })),
  };
}

function defaultOf(row: VariableRow): DefaultValue | undefined {
  if (row.stored !== undefined && row.stored !== null && String(row.stored) === row.default) return row.stored;
  return row.default === "" ? undefined : row.default;
}

const variablesOf = (rows: VariableRow[]) =>
  rows.map((r) => ({ name: r.name.trim(), required: r.required, ...(defaultOf(r) !== undefined ? { default: defaultOf(r) } : {}) }));

/** One shape for comparing: absent and null defaults are the same thing. */
const comparable = (vars: { name: string; required?: boolean; default?: DefaultValue }[]) =>
  JSON.stringify(vars.map((v) => [v.name, v.required ?? false, v.default ?? null]));

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The draft as a create body, or the problems by field and by variable row. */
export function checkDraft(draft: Draft): { input?: CreateTemplateInput; errors: DraftErrors } {
  const parsed = createTemplateSchema.safeParse({
    name: draft.name,
    subject: draft.subject,
    html: draft.html || undefined,
    text: draft.text || undefined,
    variables: variablesOf(draft.variables),
  });
  if (parsed.success) return { input: parsed.data, errors: NO_ERRORS };
  const errors: DraftErrors = { fields: {}, rows: {} };
  for (const issue of parsed.error.issues) {
    const [field, row] = issue.path;
    if (field === "variables" && typeof row === "number") {
      errors.rows[row] ??= draft.variables[row]?.name.trim() ? sentence(issue.message) : "Name the variable, or remove the row.";
    } else {
      errors.fields[field as DraftField] ??= field === "html" ? "Write an HTML body, a text body, or both." : sentence(issue.message);
    }
  }
  return { errors };
}

/** Whether the draft differs from the saved template, field by field as the server stores it. */
export function changedFields(draft: Draft, saved: Template): UpdateTemplateInput {
  const patch: UpdateTemplateInput = {};
  const name = draft.name.trim();
  if (name !== saved.name) patch.name = name;
  if (draft.subject !== saved.subject) patch.subject = draft.subject;
  if (draft.html !== (saved.html ?? "")) patch.html = draft.html || null;
  if (draft.text !== (saved.text ?? "")) patch.text = draft.text || null;
  const variables = variablesOf(draft.variables);
  if (comparable(variables) !== comparable(saved.variables)) patch.variables = variables;
  return patch;
}

/** Does a change go beyond the name (and so add a version)? */
export const changesContent = (patch: UpdateTemplateInput) =>
  (["subject", "html", "text", "variables"] as const).some((f) => patch[f] !== undefined);

/**
 * The server's 400 ("Invalid request: body.html: unknown helper "x" on line 2: …; body.text: …")
 * and 409 (name taken) by field. Empty when the error names no field.
 */
export function serverErrors(error: Error | null): Partial<Record<DraftField, string>> {
  if (!(error instanceof ApiError)) return {};
  if (error.code === "CONFLICT") return { name: error.message };
  if (error.status !== 400) return {};
  const out: Partial<Record<DraftField, string>> = {};
  for (const [, field, message] of error.message.matchAll(/body\.(\w+)[^:]*: (.*?)(?=; body\.|$)/gs)) {
    const key = field as DraftField;
    out[key] = out[key] ? `${out[key]}; ${message}` : sentence(message.trim());
  }
  return out;
}
