// POST /api/v1/campaigns/:id/schedule — start it at scheduledAt (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { scheduleCampaignOperation } from "@/lib/campaigns/operations";

export const POST = v1Route(scheduleCampaignOperation);
