import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import {
  campaignDetailSchema,
  campaignIdParamsSchema,
  campaignSchema,
  campaignSendSchema,
  createCampaignSchema,
  deletedCampaignSchema,
  listCampaignsQuerySchema,
  listSendsQuerySchema,
  scheduleCampaignSchema,
  updateCampaignSchema,
} from "@/lib/campaigns/schemas";
import { cancelCampaign, pauseCampaign, resumeCampaign, scheduleCampaign } from "@/lib/campaigns/change-status";
import { createCampaign, deleteCampaign, getCampaignOrThrow, listCampaigns, updateCampaign } from "@/lib/campaigns/manage-campaigns";
import { startCampaign } from "@/lib/campaigns/start-campaign";
import { listCampaignSends } from "@/lib/campaigns/list-sends";
import { paginated } from "@/lib/http/pagination";

const base = { tag: "Campaigns" } as const;
// Campaigns are the whole organization's (its lists, senders and allowance): a key bound to one
// project may read them, not change or send them.
const write = { scope: "campaigns:write", orgWide: true } as const;
const one = { params: campaignIdParamsSchema, response: campaignDetailSchema } as const;

export const listCampaignsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/campaigns",
    summary: "List the organization's campaigns, newest first, with their recipient counts; filter by ?status=",
    scope: "campaigns:read",
    query: listCampaignsQuerySchema,
    response: z.array(campaignSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listCampaigns({ orgId: principal.orgId, query });
    return paginated(items, total, query);
  },
);

export const createCampaignOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/campaigns",
    summary:
      "Create a draft campaign: a list, a sender, and a template or a subject with html/text of its own (contact variables: {{email}}, {{name}}, {{<property>}})",
    ...write,
    body: createCampaignSchema,
    response: campaignSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createCampaign({ principal, input: body }),
  }),
);

export const getCampaignOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/campaigns/{id}",
    summary:
      "Get one campaign with its stats: recipients by status, delivered, opened, clicked, bounced, complained, unsubscribed, and rates",
    scope: "campaigns:read",
    ...one,
  },
  async ({ principal, params }) => ({
    data: await getCampaignOrThrow({ orgId: principal.orgId, id: params.id }),
  }),
);

export const updateCampaignOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/campaigns/{id}",
    summary: "Change a draft or scheduled campaign (409 CONFLICT once it has started); null clears a field",
    ...write,
    params: campaignIdParamsSchema,
    body: updateCampaignSchema,
    response: campaignSchema,
  },
  async ({ principal, params, body }) => ({
    data: await updateCampaign({ principal, id: params.id, input: body }),
  }),
);

export const deleteCampaignOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/campaigns/{id}",
    summary: "Delete a draft campaign (409 CONFLICT for any other: cancel it instead)",
    ...write,
    params: campaignIdParamsSchema,
    response: deletedCampaignSchema,
  },
  async ({ principal, params }) => ({
    data: await deleteCampaign({ principal, id: params.id }),
  }),
);

export const sendCampaignOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/campaigns/{id}/send",
    summary:
      "Start a draft or scheduled campaign now: its list's members become its recipients and batches send to them (409 from any other status, or when it cannot start; 403 SENDER_NOT_VERIFIED in production with an unverified sender)",
    ...write,
    ...one,
  },
  async ({ principal, params }) => {
    await startCampaign({ principal, id: params.id });
    return { data: await getCampaignOrThrow({ orgId: principal.orgId, id: params.id }) };
  },
);

export const scheduleCampaignOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/campaigns/{id}/schedule",
    summary: "Schedule (or reschedule) a draft or scheduled campaign to start at scheduledAt",
    ...write,
    ...one,
    body: scheduleCampaignSchema,
  },
  async ({ principal, params, body }) => ({
    data: await scheduleCampaign({ principal, id: params.id, input: body }),
  }),
);

export const pauseCampaignOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/campaigns/{id}/pause",
    summary: "Pause a sending campaign: sends in flight finish, no more start",
    ...write,
    ...one,
  },
  async ({ principal, params }) => ({
    data: await pauseCampaign({ principal, id: params.id }),
  }),
);

export const resumeCampaignOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/campaigns/{id}/resume",
    summary: "Resume a paused campaign where it stopped",
    ...write,
    ...one,
  },
  async ({ principal, params }) => ({
    data: await resumeCampaign({ principal, id: params.id }),
  }),
);

export const cancelCampaignOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/campaigns/{id}/cancel",
    summary:
      "Cancel a scheduled, sending or paused campaign: its pending recipients are skipped (reason cancelled); sends in flight finish",
    ...write,
    ...one,
  },
  async ({ principal, params }) => ({
    data: await cancelCampaign({ principal, id: params.id }),
  }),
);

export const listCampaignSendsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/campaigns/{id}/sends",
    summary: "The campaign's recipients, each with its status (pending, sending, sent, failed, skipped) and reason; filter by ?status=",
    scope: "campaigns:read",
    params: campaignIdParamsSchema,
    query: listSendsQuerySchema,
    response: z.array(campaignSendSchema),
    paginated: true,
  },
  async ({ principal, params, query }) => {
    const { items, total } = await listCampaignSends({ orgId: principal.orgId, id: params.id, query });
    return paginated(items, total, query);
  },
);
