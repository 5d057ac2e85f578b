// GET /api/v1/organization/members — the organization's members, paginated (org:read)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { listMembersOperation } from "@/lib/members/operations";
import { countMembers, listMembers } from "@/lib/members/list-members";

export const GET = v1Route(listMembersOperation, async ({ principal, query }) => {
  const [items, total] = await Promise.all([
    listMembers({ orgId: principal.orgId, ...pageWindow(query) }),
    countMembers({ orgId: principal.orgId }),
  ]);
  return paginated(items, total, query);
});
