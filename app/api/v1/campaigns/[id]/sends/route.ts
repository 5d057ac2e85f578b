// GET /api/v1/campaigns/:id/sends — the campaign's recipients and their status, paginated (campaigns:read)
import { v1Route } from "@/lib/http/v1-route";
import { listCampaignSendsOperation } from "@/lib/campaigns/operations";

export const GET = v1Route(listCampaignSendsOperation);
