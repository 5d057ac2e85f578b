// templateId on the plain send routes: the stored template's rendered subject, html and text
// take the place of the body's. The send schema still requires a subject of its own; the
// template's subject wins over it, as its html and text win over the body's.
import { renderTemplate } from "@/lib/templates/render-template";
import type { SendEmailInput } from "@/lib/email/schemas";

export async function applyTemplate(orgId: string, input: SendEmailInput): Promise<SendEmailInput> {
  if (!input.templateId) return input;
  const rendered = await renderTemplate({
    orgId,
    templateId: input.templateId,
    version: input.templateVersion,
    variables: input.variables ?? {},
  });
  // The version rendered is pinned: a send scheduled now goes out with the content approved now.
  return { ...input, templateVersion: rendered.version, subject: rendered.subject, html: rendered.html, text: rendered.text };
}
