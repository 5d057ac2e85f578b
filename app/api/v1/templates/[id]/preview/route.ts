// POST /api/v1/templates/:id/preview — render with sample values, sending nothing (templates:read)
import { v1Route } from "@/lib/http/v1-route";
import { previewTemplateOperation } from "@/lib/templates/operations";
import { previewTemplate } from "@/lib/templates/preview-template";

export const POST = v1Route(previewTemplateOperation, async ({ principal, params, body }) => ({
  data: await previewTemplate({ orgId: principal.orgId, id: params.id, input: body }),
}));
