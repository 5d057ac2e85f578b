// TanStack hooks for campaigns (the v1 routes /api/v1/campaigns[/{id}[/action|/sends]], called
// with the session cookie), and the pickers of the campaign form (lists, senders, templates,
// use cases: the first 100 of each v1 list). A campaign that is sending or scheduled is polled,
// so its progress moves on screen.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  Campaign,
  CampaignDetail,
  CampaignSend,
  CampaignStatus,
  CreateCampaignInput,
  ScheduleCampaignInput,
  UpdateCampaignInput,
} from "@/lib/campaigns/schemas";
import { fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { senderLabel, v1Resource, type Option } from "@/hooks/v1-resource";

export type { Campaign, CampaignDetail, CampaignSend, CampaignStatus, Option };

export const campaignsQueryKey = ["campaigns"] as const;

const campaigns = v1Resource("/api/v1/campaigns", campaignsQueryKey);
const v1Url = campaigns.url;
const live = (status: CampaignStatus) => status === "sending" || status === "scheduled";

export function useCampaigns({ page, perPage, status }: { page: number; perPage: number; status?: CampaignStatus }) {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage), ...(status ? { status } : {}) });
  return useQuery({
    queryKey: [...campaignsQueryKey, "list", { page, perPage, status }],
    queryFn: () => fetchV1Page<Campaign>(`${v1Url()}?${params}`),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((c) => live(c.status)) ? 3_000 : false),
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaigns.oneKey(id),
    queryFn: () => fetchV1<CampaignDetail>(v1Url(id)),
    refetchInterval: (q) => (q.state.data && live(q.state.data.status) ? 2_000 : false),
  });
}

/** Polled while the campaign sends; keyed by its status too, so the rows are read again when it changes (sending -> sent). */
export function useCampaignSends(
  id: string,
  {
    page,
    perPage,
    status,
    campaignStatus,
  }: { page: number; perPage: number; status?: CampaignSend["status"]; campaignStatus: CampaignStatus },
) {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage), ...(status ? { status } : {}) });
  return useQuery({
    queryKey: [...campaignsQueryKey, "sends", id, { page, perPage, status, campaignStatus }],
    queryFn: () => fetchV1Page<CampaignSend>(`${v1Url(id, "/sends")}?${params}`),
    placeholderData: keepPreviousData,
    refetchInterval: campaignStatus === "sending" ? 3_000 : false,
  });
}

// Made in a dialog, which shows the refusal.
export const useCreateCampaign = () =>
  campaigns.useChange(
    (input: CreateCampaignInput) => fetchV1<Campaign>(v1Url(), { method: "POST", body: input }),
    (c) => `Draft created: ${c.name}`,
  );

export const useUpdateCampaign = () =>
  campaigns.useChange(
    ({ id, input }: { id: string; input: UpdateCampaignInput }) => fetchV1<Campaign>(v1Url(id), { method: "PATCH", body: input }),
    (c) => `Campaign saved: ${c.name}`,
  );

// Asked in a confirmation dialog, which shows the error.
export const useDeleteCampaign = () =>
  campaigns.useChange(
    (c: { id: string; name: string }) => fetchV1<{ id: string; deleted: true }>(v1Url(c.id), { method: "DELETE" }),
    (_data, c) => `Campaign deleted: ${c.name}`,
  );

export type CampaignAction = "send" | "schedule" | "pause" | "resume" | "cancel";

const DONE: Record<CampaignAction, string> = {
  send: "Sending started",
  schedule: "Scheduled",
  pause: "Paused",
  resume: "Resumed",
  cancel: "Cancelled",
};

/** Send now, schedule, pause, resume or cancel: the dialog or the toast shows a refusal (409 names the status). */
export function useCampaignAction({ inline = false }: { inline?: boolean } = {}) {
  return campaigns.useChange(
    ({ id, action, body }: { id: string; action: CampaignAction; body?: ScheduleCampaignInput }) =>
      fetchV1<CampaignDetail>(v1Url(id, `/${action}`), { method: "POST", ...(body ? { body } : {}) }),
    (c, { action }) => `${DONE[action]}: ${c.name}`,
    {
      meta: inline ? INLINE_ERROR : { errorTitle: "The campaign could not be changed" },
      then: (queryClient, c) => {
        queryClient.setQueryData(campaigns.oneKey(c.id), c);
        return campaigns.refreshAll(queryClient);
      },
    },
  );
}

export const useListOptions = () =>
  campaigns.useOptions<{ name: string; subscribedMembers?: number }>("lists", "/api/v1/lists?perPage=100", (l) =>
    l.subscribedMembers === undefined ? l.name : `${l.name} (${l.subscribedMembers} subscribed)`,
  );
export const useSenderOptions = () => campaigns.useOptions("senders", "/api/v1/senders?perPage=100", senderLabel);
export const useTemplateOptions = () => campaigns.useOptions<{ name: string }>("templates", "/api/v1/templates?perPage=100", (t) => t.name);
export const useUseCaseOptions = () => campaigns.useOptions<{ name: string }>("use-cases", "/api/v1/use-cases?perPage=100", (u) => u.name);
