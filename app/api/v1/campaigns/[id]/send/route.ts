// POST /api/v1/campaigns/:id/send — start a draft or scheduled campaign now (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { sendCampaignOperation } from "@/lib/campaigns/operations";

export const POST = v1Route(sendCampaignOperation);
