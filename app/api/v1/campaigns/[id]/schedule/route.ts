// POST /api/v1/campaigns/:id/schedule — start it at scheduledAt (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { scheduleCampaignOperation } from "@/lib/campaigns/operations";
import { scheduleCampaign } from "@/lib/campaigns/change-status";

export const POST = v1Route(scheduleCampaignOperation, async ({ principal, params, body }) => ({
  data: await scheduleCampaign({ principal, id: params.id, input: body }),
}));
