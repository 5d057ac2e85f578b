// list_templates (GET /api/v1/templates) and render_template
// (POST /api/v1/templates/:id/preview), both templates:read.
import { pageWindow, paginated } from "@/lib/http/pagination";
import { listTemplatesOperation, previewTemplateOperation } from "@/lib/templates/operations";
import { listTemplates } from "@/lib/templates/manage-templates";
import { previewTemplate } from "@/lib/templates/preview-template";
import { defineTool, READ_ONLY } from "@/lib/mcp/define-tool";
import { paramsAndBody } from "@/lib/mcp/tool-input";

export const listTemplatesTool = defineTool({
  name: "list_templates",
  title: "List templates",
  description: "The organization's templates, newest first, each with its current version and variables (page, perPage up to 100). Needs the templates:read scope.",
  op: listTemplatesOperation,
  input: listTemplatesOperation.query,
  annotations: READ_ONLY,
  run: async (principal, query) => {
    const { items, total } = await listTemplates({ orgId: principal.orgId, ...pageWindow(query) });
    return paginated(items, total, query);
  },
});

export const renderTemplateTool = defineTool({
  name: "render_template",
  title: "Render a template",
  description:
    "Render template id (its current version, or version) with variables: missing ones fall back to their defaults, then to their names. " +
    "Returns subject, html and text; sends nothing. Needs the templates:read scope.",
  op: previewTemplateOperation,
  input: paramsAndBody(previewTemplateOperation.params, previewTemplateOperation.body),
  annotations: READ_ONLY,
  run: async (principal, { id, ...body }) => ({ data: await previewTemplate({ orgId: principal.orgId, id, input: body }) }),
});
