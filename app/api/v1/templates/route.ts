// GET /api/v1/templates — list templates, paginated (templates:read)
// POST /api/v1/templates — create a template, version 1 (templates:write)
import { v1Route } from "@/lib/http/v1-route";
import { createTemplateOperation, listTemplatesOperation } from "@/lib/templates/operations";

export const GET = v1Route(listTemplatesOperation);

export const POST = v1Route(createTemplateOperation);
