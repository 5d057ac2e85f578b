// GET /api/v1/campaigns — list campaigns, paginated, ?status= (campaigns:read)
// POST /api/v1/campaigns — create a draft campaign (campaigns:write)
import { v1Route } from "@/lib/http/v1-route";
import { createCampaignOperation, listCampaignsOperation } from "@/lib/campaigns/operations";

export const GET = v1Route(listCampaignsOperation);

export const POST = v1Route(createCampaignOperation);
