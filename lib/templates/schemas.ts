// Templates (DESIGN.md §6): input schemas of the v1 routes and the output shapes. Content is
// Handlebars; what a template may call is checked on save (check-template.ts), not here.
import { z } from "zod";
import { displayName, displayNameProblem, parseMailbox } from "@/lib/email/address";
import { timestamp } from "@/lib/http/wire";
import { BUILTIN_HELPERS } from "@/lib/templates/builtin-helpers";
import { INT4_MAX } from "@/lib/db/int-range";

export const MAX_TEMPLATE_PART = 500_000; // characters of html or text: both fit the 1 MiB body limit
const MAX_VARIABLES = 100;
export const MAX_TEMPLATED_RECIPIENTS = 50;

const noLineBreaks = (s: string) => !/[\r\n]/.test(s);

const variableName = z
  .string()
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "letters, digits and _, not starting with a digit")
  .refine((n) => !Object.hasOwn(BUILTIN_HELPERS, n) && n !== "this", "this name is reserved by Handlebars")
  .refine((n) => !n.startsWith("__") && n !== "constructor" && n !== "prototype", "this name is reserved");

const defaultValue = z.union([z.string().max(10_000), z.number(), z.boolean()]);

export const variableSchema = z
  .object({
    name: variableName,
    required: z.boolean().default(false).describe("a send without it (and without a default) is refused with 400"),
    default: defaultValue.nullable().optional().describe("used when a send does not give the variable"),
  })
  .strict();

const variablesField = z
  .array(variableSchema)
  .max(MAX_VARIABLES)
  .refine((vars) => new Set(vars.map((v) => v.name)).size === vars.length, "variable names must be unique")
  .describe("the variables the template declares, written {{name}} in subject, html and text");

/** The content fields; an update must never fill in a field it was not given, so no defaults here. */
const fields = {
  name: z.string().trim().min(1, "name is required").max(200),
  subject: z.string().min(1, "subject is required").max(998).refine(noLineBreaks, "no line breaks"),
  html: z.string().max(MAX_TEMPLATE_PART).describe("Handlebars; {{x}} is HTML-escaped, {{{x}}} is not"),
  text: z.string().max(MAX_TEMPLATE_PART).describe("Handlebars, not escaped; derived from html when absent"),
  variables: variablesField,
};

export const createTemplateSchema = z
  .object({ ...fields, html: fields.html.optional(), text: fields.text.optional(), variables: variablesField.default([]) })
  .strict()
  .refine((b) => Boolean(b.html || b.text), { path: ["html"], message: "give html, text or both" });
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;

export const updateTemplateSchema = z
  .object({
    ...fields,
    html: fields.html.nullable().describe("null removes the html part"),
    text: fields.text.nullable().describe("null removes the text part (it is then derived from html)"),
  })
  .partial()
  .strict();
export type UpdateTemplateInput = z.infer<typeof updateTemplateSchema>;

export const templateIdParamsSchema = z.object({ id: z.uuid("not a valid template id") });

export const getTemplateQuerySchema = z
  .object({
    version: z.coerce.number().int().min(1).max(INT4_MAX).optional().describe("read this older version; default: the current one"),
  })
  .strict();

const sampleVariables = z.record(z.string(), z.unknown());

export const previewTemplateSchema = z
  .object({
    variables: sampleVariables.optional().describe("sample values; missing ones fall back to defaults, then to the variable's name"),
    version: z.number().int().positive().max(INT4_MAX).optional().describe("preview this version; default: the current one"),
  })
  .strict();
export type PreviewTemplateInput = z.infer<typeof previewTemplateSchema>;

const variableOutput = z.object({ name: z.string(), required: z.boolean(), default: defaultValue.nullable() });
export type TemplateVariable = z.infer<typeof variableOutput>;
/** The variables column as stored (JSON): read through this so a stray shape never leaks out. */
export const storedVariablesSchema = z.array(
  z.object({ name: z.string(), required: z.boolean().default(false), default: defaultValue.nullable().default(null) }),
);

export const templateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  version: z.number().int().describe("the version shown: the current one unless ?version= named another"),
  subject: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  variables: z.array(variableOutput),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const templateVersionSchema = z.object({
  version: z.number().int(),
  subject: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  variables: z.array(variableOutput),
  createdBy: z.string().nullable().describe('"user:<id>" or "api_key:<id>"'),
  createdAt: timestamp,
});

export const deletedTemplateSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export const previewResultSchema = z.object({
  subject: z.string(),
  html: z.string().nullable(),
  text: z.string(),
});

const nameField = z.string().max(200).refine(noLineBreaks, "no line breaks");
/** One mailbox, kept as written: each recipient's send body is built from these strings. */
const address = z.string().refine((s) => parseMailbox(s) !== null, {
  error: (issue) => `not a valid email address: ${JSON.stringify(String(issue.input).slice(0, 80))}`,
});

/** The from mailbox, kept as written, whose display name may not pass for another address. */
const fromAddress = address.superRefine((s, ctx) => {
  const name = parseMailbox(s)?.name;
  const problem = name ? displayNameProblem(name) : null;
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** POST /api/email/send-templated (SPEC) and its v1 twin. */
export const sendTemplatedSchema = z
  .object({
    templateId: z.string({ error: "templateId is required" }).min(1, "templateId is required"),
    variables: z.record(z.string(), z.unknown(), { error: "variables is required (an object)" }),
    recipients: z
      .array(address, { error: "recipients is required (an array of addresses)" })
      .min(1, "give at least one recipient")
      .max(MAX_TEMPLATED_RECIPIENTS, `at most ${MAX_TEMPLATED_RECIPIENTS} recipients`)
      .describe("each gets its own message"),
    use_case_id: z.uuid().optional(),
    from: fromAddress
      .optional()
      .describe('"a@b.co" or "Name <a@b.co>"; fromName, when given, sets the name (a name holding an address or < > is refused)'),
    fromName: displayName.optional(),
    replyTo: address.optional(),
    replyToName: nameField.optional(),
    templateVersion: z.number().int().positive().max(INT4_MAX).optional().describe("pin a template version; default: the current one"),
  })
  .strict();
export type SendTemplatedInput = z.infer<typeof sendTemplatedSchema>;

export const templatedResultSchema = z.object({
  recipient: z.string(),
  id: z.string().nullable().describe("the message id; null when nothing was recorded"),
  status: z.enum(["sent", "failed"]),
  error: z.string().optional(),
  code: z.string().optional().describe("the error code, as a direct send would have answered"),
});
export type TemplatedResult = z.infer<typeof templatedResultSchema>;

export const templatedResultsSchema = z.array(templatedResultSchema);
