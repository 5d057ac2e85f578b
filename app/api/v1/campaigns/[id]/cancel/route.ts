// POST /api/v1/campaigns/:id/cancel — cancel a scheduled, sending or paused campaign (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { cancelCampaignOperation } from "@/lib/campaigns/operations";

export const POST = v1Route(cancelCampaignOperation);
