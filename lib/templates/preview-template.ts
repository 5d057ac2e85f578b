// Renders a template with sample values, sending nothing: the given variables, else the
// declared defaults, else each variable's own name as a visible placeholder.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { getTemplateRowOrThrow } from "@/lib/templates/manage-templates";
import { renderContent } from "@/lib/templates/render-content";
import { resolveVariables } from "@/lib/templates/variables";
import { storedVariablesSchema, type PreviewTemplateInput } from "@/lib/templates/schemas";

export async function previewTemplate({ orgId, id, input }: { orgId: string; id: string; input: PreviewTemplateInput }) {
  const template = await getTemplateRowOrThrow({ orgId, id });
  const version = input.version ?? template.currentVersion;
  const row = await db().templateVersion.findUnique({ where: { templateId_version: { templateId: template.id, version } } });
  if (!row) throw notFound(`Version ${version} of this template`);
  const values = resolveVariables(storedVariablesSchema.parse(row.variables), input.variables ?? {}, "preview");
  const rendered = renderContent(row, values);
  return { subject: rendered.subject, html: rendered.html ?? null, text: rendered.text };
}
