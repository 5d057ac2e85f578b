// GET /api/v1/templates/:id/versions — version history, newest first, paginated (templates:read)
import { v1Route } from "@/lib/http/v1-route";
import { listTemplateVersionsOperation } from "@/lib/templates/operations";

export const GET = v1Route(listTemplateVersionsOperation);
