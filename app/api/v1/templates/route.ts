// GET /api/v1/templates — list templates, paginated (templates:read)
// POST /api/v1/templates — create a template, version 1 (templates:write)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createTemplateOperation, listTemplatesOperation } from "@/lib/templates/operations";
import { createTemplate, listTemplates } from "@/lib/templates/manage-templates";

export const GET = v1Route(listTemplatesOperation, async ({ principal, query }) => {
  const { items, total } = await listTemplates({ orgId: principal.orgId, ...pageWindow(query) });
  return paginated(items, total, query);
});

export const POST = v1Route(createTemplateOperation, async ({ principal, body }) => ({
  data: await createTemplate({ principal, input: body }),
}));
