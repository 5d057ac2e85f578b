// POST /api/v1/campaigns/:id/pause — pause a sending campaign (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { pauseCampaignOperation } from "@/lib/campaigns/operations";

export const POST = v1Route(pauseCampaignOperation);
