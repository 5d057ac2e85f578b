// GET /api/v1/templates/:id/versions — version history, newest first, paginated (templates:read)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { listTemplateVersionsOperation } from "@/lib/templates/operations";
import { listTemplateVersions } from "@/lib/templates/manage-templates";

export const GET = v1Route(listTemplateVersionsOperation, async ({ principal, params, query }) => {
  const { items, total } = await listTemplateVersions({ orgId: principal.orgId, id: params.id, ...pageWindow(query) });
  return paginated(items, total, query);
});
