// GET /api/v1/templates/:id — one template, current version or ?version= (templates:read)
// PATCH /api/v1/templates/:id — change it; content changes add a version (templates:write)
// DELETE /api/v1/templates/:id — delete it with all its versions (templates:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteTemplateOperation, getTemplateOperation, updateTemplateOperation } from "@/lib/templates/operations";

export const GET = v1Route(getTemplateOperation);

export const PATCH = v1Route(updateTemplateOperation);

export const DELETE = v1Route(deleteTemplateOperation);
