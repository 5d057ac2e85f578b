// POST /api/v1/campaigns/:id/send — start a draft or scheduled campaign now (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { sendCampaignOperation } from "@/lib/campaigns/operations";
import { getCampaignOrThrow } from "@/lib/campaigns/manage-campaigns";
import { startCampaign } from "@/lib/campaigns/start-campaign";

export const POST = v1Route(sendCampaignOperation, async ({ principal, params }) => {
  await startCampaign({ principal, id: params.id });
  return { data: await getCampaignOrThrow({ orgId: principal.orgId, id: params.id }) };
});
