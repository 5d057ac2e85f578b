// GET /api/v1/templates/:id — one template, current version or ?version= (templates:read)
// PATCH /api/v1/templates/:id — change it; content changes add a version (templates:write)
// DELETE /api/v1/templates/:id — delete it with all its versions (templates:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteTemplateOperation, getTemplateOperation, updateTemplateOperation } from "@/lib/templates/operations";
import { deleteTemplate, getTemplateOrThrow, updateTemplate } from "@/lib/templates/manage-templates";

export const GET = v1Route(getTemplateOperation, async ({ principal, params, query }) => ({
  data: await getTemplateOrThrow({ orgId: principal.orgId, id: params.id, version: query.version }),
}));

export const PATCH = v1Route(updateTemplateOperation, async ({ principal, params, body }) => ({
  data: await updateTemplate({ principal, id: params.id, input: body }),
}));

export const DELETE = v1Route(deleteTemplateOperation, async ({ principal, params }) => ({
  data: await deleteTemplate({ principal, id: params.id }),
}));
