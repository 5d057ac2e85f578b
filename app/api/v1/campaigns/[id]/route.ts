// GET /api/v1/campaigns/:id — one campaign with its stats (campaigns:read)
// PATCH /api/v1/campaigns/:id — change a draft or scheduled campaign (campaigns:write)
// DELETE /api/v1/campaigns/:id — delete a draft (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteCampaignOperation, getCampaignOperation, updateCampaignOperation } from "@/lib/campaigns/operations";

export const GET = v1Route(getCampaignOperation);

export const PATCH = v1Route(updateCampaignOperation);

export const DELETE = v1Route(deleteCampaignOperation);
