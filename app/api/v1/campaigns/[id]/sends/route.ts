// GET /api/v1/campaigns/:id/sends — the campaign's recipients and their status, paginated (campaigns:read)
import { v1Route } from "@/lib/http/v1-route";
import { listCampaignSendsOperation } from "@/lib/campaigns/operations";
import { listCampaignSends } from "@/lib/campaigns/list-sends";
import { paginated } from "@/lib/http/pagination";

export const GET = v1Route(listCampaignSendsOperation, async ({ principal, params, query }) => {
  const { items, total } = await listCampaignSends({ orgId: principal.orgId, id: params.id, query });
  return paginated(items, total, query);
});
