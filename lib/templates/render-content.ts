// Renders one template version with resolved values: html escaped by Handlebars, subject and
// text raw (they are not HTML). The subject goes into a header, so whatever a variable held,
// line breaks are flattened to spaces: no header can be injected through a variable. Without a
// text part, one is derived from the rendered html.
import { convert } from "html-to-text";
import { AppError } from "@/lib/errors/app-error";
import { renderSource } from "@/lib/templates/handlebars";
import { RenderLimitError } from "@/lib/templates/render-budget";

export interface VersionContent {
  id: string;
  subject: string;
  html: string | null;
  text: string | null;
}

export interface RenderedContent {
  subject: string;
  html?: string;
  text: string;
}

export const htmlToText = (html: string) => convert(html, { wordwrap: 100 });

export function renderContent(version: VersionContent, values: Record<string, unknown>): RenderedContent {
  try {
    return render(version, values);
  } catch (err) {
    // Over the render budget: this template with these values would stall the server.
    if (err instanceof RenderLimitError) {
      throw new AppError("VALIDATION_ERROR", `The template renders past the limit with these variables: ${err.message}`, [
        { path: "body.variables", message: "the render exceeds the limit" },
      ]);
    }
    // Saved templates are checked, so this takes values the template cannot use (a rare case).
    throw new AppError(
      "VALIDATION_ERROR",
      `The template could not be rendered with these variables: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

function render(version: VersionContent, values: Record<string, unknown>): RenderedContent {
  const subject = renderSource(version.subject, "raw", values, `${version.id}:subject`)
    .replace(/[\r\n\0]+/g, " ")
    .trim();
  const html = version.html ? renderSource(version.html, "html", values, `${version.id}:html`) : undefined;
  const text = version.text ? renderSource(version.text, "raw", values, `${version.id}:text`) : htmlToText(html ?? "");
  return { subject, ...(html !== undefined ? { html } : {}), text };
}
