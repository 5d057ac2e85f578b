// GET /api/v1/campaigns/:id — one campaign with its stats (campaigns:read)
// PATCH /api/v1/campaigns/:id — change a draft or scheduled campaign (campaigns:write)
// DELETE /api/v1/campaigns/:id — delete a draft (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteCampaignOperation, getCampaignOperation, updateCampaignOperation } from "@/lib/campaigns/operations";
import { deleteCampaign, getCampaignOrThrow, updateCampaign } from "@/lib/campaigns/manage-campaigns";

export const GET = v1Route(getCampaignOperation, async ({ principal, params }) => ({
  data: await getCampaignOrThrow({ orgId: principal.orgId, id: params.id }),
}));

export const PATCH = v1Route(updateCampaignOperation, async ({ principal, params, body }) => ({
  data: await updateCampaign({ principal, id: params.id, input: body }),
}));

export const DELETE = v1Route(deleteCampaignOperation, async ({ principal, params }) => ({
  data: await deleteCampaign({ principal, id: params.id }),
}));
