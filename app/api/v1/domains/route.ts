// GET /api/v1/domains — list domains with their records, paginated (domains:read)
// POST /api/v1/domains — add a sending domain and make its DKIM key (domains:write)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createDomainOperation, listDomainsOperation } from "@/lib/domains/operations";
import { createDomain, listDomains } from "@/lib/domains/manage-domains";

export const GET = v1Route(listDomainsOperation, async ({ principal, query }) => {
  const { items, total } = await listDomains({ orgId: principal.orgId, ...pageWindow(query) });
  return paginated(items, total, query);
});

export const POST = v1Route(createDomainOperation, async ({ principal, body }) => ({
  data: await createDomain({ principal, input: body }),
}));
