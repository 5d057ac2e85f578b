// list_templates (GET /api/v1/templates) and render_template
// (POST /api/v1/templates/:id/preview), both templates:read.
import { listTemplatesOperation, previewTemplateOperation } from "@/lib/templates/operations";
import { READ_ONLY } from "@/lib/mcp/define-tool";
import { operationTool } from "@/lib/mcp/operation-tool";

export const listTemplatesTool = operationTool(listTemplatesOperation, {
  name: "list_templates",
  title: "List templates",
  description:
    "The organization's templates, newest first, each with its current version and variables (page, perPage up to 100). Needs the templates:read scope.",
  annotations: READ_ONLY,
});

export const renderTemplateTool = operationTool(previewTemplateOperation, {
  name: "render_template",
  title: "Render a template",
  description:
    "Render template id (its current version, or version) with variables: missing ones fall back to their defaults, then to their names. " +
    "Returns subject, html and text; sends nothing. Needs the templates:read scope.",
  annotations: READ_ONLY,
});
