// POST /api/v1/campaigns/:id/resume — resume a paused campaign (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { resumeCampaignOperation } from "@/lib/campaigns/operations";

export const POST = v1Route(resumeCampaignOperation);
