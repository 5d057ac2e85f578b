// Renders a stored template for a send: the organization's template (the current version,
// or the pinned one), its declared defaults filling what the caller left out, and a 400
// naming any required variable still missing. An unknown id, another organization's
// template or a version it does not have are all TEMPLATE_NOT_FOUND (400), as SPEC's send
// route answers for an unknown templateId.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { renderContent, type RenderedContent } from "@/lib/templates/render-content";
import { resolveVariables } from "@/lib/templates/variables";
import { storedVariablesSchema } from "@/lib/templates/schemas";

const uuid = z.uuid();

export interface RenderTemplateOptions {
  orgId: string;
  templateId: string;
  version?: number;
  variables: Record<string, unknown>;
}

export type RenderedTemplate = RenderedContent & { templateId: string; version: number };

export async function loadTemplateVersion({ orgId, templateId, version }: Omit<RenderTemplateOptions, "variables">) {
  // A malformed id cannot name a template: answered like an unknown one, without a query.
  const template = uuid.safeParse(templateId).success
    ? await db().template.findFirst({ where: { id: templateId, orgId }, select: { id: true, currentVersion: true } })
    : null;
  if (!template) throw new AppError("TEMPLATE_NOT_FOUND", `Template ${templateId} not found`);
  const row = await db().templateVersion.findUnique({
    where: { templateId_version: { templateId: template.id, version: version ?? template.currentVersion } },
  });
  if (!row) throw new AppError("TEMPLATE_NOT_FOUND", `Template ${templateId} has no version ${version}`);
  return { ...row, variables: storedVariablesSchema.parse(row.variables) };
}

export async function renderTemplate({ orgId, templateId, version, variables }: RenderTemplateOptions): Promise<RenderedTemplate> {
  const row = await loadTemplateVersion({ orgId, templateId, version });
  const values = resolveVariables(row.variables, variables, "send");
  const rendered = renderContent(row, values);
  if (!rendered.subject)
    throw new AppError("VALIDATION_ERROR", "The template's subject renders empty with these variables", [
      { path: "body.variables", message: "the subject renders empty" },
    ]);
  return { ...rendered, templateId: row.templateId, version: row.version };
}
