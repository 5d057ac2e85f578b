// GET /api/v1/campaigns — list campaigns, paginated, ?status= (campaigns:read)
// POST /api/v1/campaigns — create a draft campaign (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { createCampaignOperation, listCampaignsOperation } from "@/lib/campaigns/operations";
import { createCampaign, listCampaigns } from "@/lib/campaigns/manage-campaigns";
import { paginated } from "@/lib/http/pagination";

export const GET = v1Route(listCampaignsOperation, async ({ principal, query }) => {
  const { items, total } = await listCampaigns({ orgId: principal.orgId, query });
  return paginated(items, total, query);
});

export const POST = v1Route(createCampaignOperation, async ({ principal, body }) => ({
  data: await createCampaign({ principal, input: body }),
}));
