// TanStack hooks for campaigns (the v1 routes /api/v1/campaigns[/{id}[/action|/sends]], called
// with the session cookie), and the pickers of the campaign form (lists, senders, templates,
// use cases: the first 100 of each v1 list). A campaign that is sending or scheduled is polled,
// so its progress moves on screen.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Campaign, CampaignDetail, CampaignSend, CampaignStatus, CreateCampaignInput, ScheduleCampaignInput, UpdateCampaignInput } from "@/lib/campaigns/schemas";
import { fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { toast } from "@/components/ui/toast";

export type { Campaign, CampaignDetail, CampaignSend, CampaignStatus };

export const campaignsQueryKey = ["campaigns"] as const;

const v1Url = (id?: string, tail = "") => (id ? `/api/v1/campaigns/${encodeURIComponent(id)}${tail}` : "/api/v1/campaigns");
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
    queryKey: [...campaignsQueryKey, "one", id],
    queryFn: () => fetchV1<CampaignDetail>(v1Url(id)),
    refetchInterval: (q) => (q.state.data && live(q.state.data.status) ? 2_000 : false),
  });
}

/** Polled while the campaign sends; keyed by its status too, so the rows are read again when it changes (sending -> sent). */
export function useCampaignSends(id: string, { page, perPage, status, campaignStatus }: { page: number; perPage: number; status?: CampaignSend["status"]; campaignStatus: CampaignStatus }) {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage), ...(status ? { status } : {}) });
  return useQuery({
    queryKey: [...campaignsQueryKey, "sends", id, { page, perPage, status, campaignStatus }],
    queryFn: () => fetchV1Page<CampaignSend>(`${v1Url(id, "/sends")}?${params}`),
    placeholderData: keepPreviousData,
    refetchInterval: campaignStatus === "sending" ? 3_000 : false,
  });
}

const invalidateAll = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: campaignsQueryKey });

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) => fetchV1<Campaign>(v1Url(), { method: "POST", body: input }),
    // The dialog shows the refusal.
    meta: INLINE_ERROR,
    onSuccess: (c) => {
      toast.success(`Draft created: ${c.name}`);
      return invalidateAll(queryClient);
    },
  });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCampaignInput }) => fetchV1<Campaign>(v1Url(id), { method: "PATCH", body: input }),
    meta: INLINE_ERROR,
    onSuccess: (c) => {
      toast.success(`Campaign saved: ${c.name}`);
      return invalidateAll(queryClient);
    },
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: { id: string; name: string }) => fetchV1<{ id: string; deleted: true }>(v1Url(c.id), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: (_data, c) => {
      toast.success(`Campaign deleted: ${c.name}`);
      return invalidateAll(queryClient);
    },
  });
}

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: CampaignAction; body?: ScheduleCampaignInput }) =>
      fetchV1<CampaignDetail>(v1Url(id, `/${action}`), { method: "POST", ...(body ? { body } : {}) }),
    meta: inline ? INLINE_ERROR : { errorTitle: "The campaign could not be changed" },
    onSuccess: (c, { action }) => {
      queryClient.setQueryData([...campaignsQueryKey, "one", c.id], c);
      toast.success(`${DONE[action]}: ${c.name}`);
      return invalidateAll(queryClient);
    },
  });
}

export interface Option {
  id: string;
  label: string;
}

/** The first 100 of a v1 list, as picker options; a route that is refused leaves the picker with its error. */
function useOptions<T>(key: string, url: string, label: (item: T) => string) {
  return useQuery({
    queryKey: [...campaignsQueryKey, "options", key],
    queryFn: async () => (await fetchV1Page<T & { id: string }>(url)).items.map((item): Option => ({ id: item.id, label: label(item) })),
    staleTime: 30_000,
  });
}

export const useListOptions = () =>
  useOptions<{ name: string; subscribedMembers?: number }>("lists", "/api/v1/lists?perPage=100", (l) => (l.subscribedMembers === undefined ? l.name : `${l.name} (${l.subscribedMembers} subscribed)`));
export const useSenderOptions = () =>
  useOptions<{ email: string; name: string; verified?: boolean }>("senders", "/api/v1/senders?perPage=100", (s) => `${s.name ? `${s.name} <${s.email}>` : s.email}${s.verified === false ? " (not verified)" : ""}`);
export const useTemplateOptions = () => useOptions<{ name: string }>("templates", "/api/v1/templates?perPage=100", (t) => t.name);
export const useUseCaseOptions = () => useOptions<{ name: string }>("use-cases", "/api/v1/use-cases?perPage=100", (u) => u.name);
