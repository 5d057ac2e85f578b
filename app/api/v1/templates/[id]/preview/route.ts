// POST /api/v1/templates/:id/preview — render with sample values, sending nothing (templates:read)
import { v1Route } from "@/lib/http/v1-route";
import { previewTemplateOperation } from "@/lib/templates/operations";

export const POST = v1Route(previewTemplateOperation);
