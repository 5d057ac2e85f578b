// TanStack hooks for webhook endpoints (the v1 routes /api/v1/webhook-endpoints[/{id}[/rotate-secret]],
// called with the session cookie) and their deliveries (dashboard routes
// /api/webhook-endpoints/{id}/deliveries[/{deliveryId}/resend] and /test).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Pagination } from "@/lib/http/pagination";
import type {
  CreateEndpointInput,
  deliveryPageSchema,
  deliverySchema,
  endpointSchema,
  endpointWithSecretSchema,
  testResultSchema,
  UpdateEndpointInput,
} from "@/lib/webhooks/schemas";
import { fetchJson, fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR, successToast } from "@/hooks/mutation-meta";
import { applyOptimistic, undoAll } from "@/hooks/optimistic";

export type WebhookEndpoint = z.output<typeof endpointSchema>;
export type WebhookEndpointWithSecret = z.output<typeof endpointWithSecretSchema>;
export type WebhookDelivery = z.output<typeof deliverySchema>;
export type WebhookDeliveryPage = z.output<typeof deliveryPageSchema>;
export type WebhookTestResult = z.output<typeof testResultSchema>;

export const webhooksQueryKey = ["webhook-endpoints"] as const;
const deliveriesKey = (endpointId: string) => ["webhook-deliveries", endpointId] as const;

const v1Url = (id?: string) => (id ? `/api/v1/webhook-endpoints/${encodeURIComponent(id)}` : "/api/v1/webhook-endpoints");
const dashboardUrl = (id: string) => `/api/webhook-endpoints/${encodeURIComponent(id)}`;

/** One page of endpoints, newest first; the previous page stays on screen while the next loads. */
export function useWebhookEndpoints(page: number, perPage: number) {
  return useQuery({
    queryKey: [...webhooksQueryKey, "list", page, perPage],
    queryFn: async () => {
      const { items, pagination } = await fetchV1Page<WebhookEndpoint>(`${v1Url()}?page=${page}&perPage=${perPage}`);
      return { endpoints: items, pagination };
    },
    placeholderData: keepPreviousData,
    // Failure counts and last-success times move as deliveries happen.
    refetchInterval: 30_000,
  });
}

export function useWebhookEndpoint(id: string) {
  return useQuery({
    queryKey: [...webhooksQueryKey, "one", id],
    queryFn: () => fetchV1<WebhookEndpoint>(v1Url(id)),
    refetchInterval: 30_000,
  });
}

/**
 * The answer holds the signing secret, shown once. It never enters the query cache (the list
 * is refetched instead), and gcTime 0 drops it from the mutation cache once nothing observes it.
 */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEndpointInput) => fetchV1<WebhookEndpointWithSecret>(v1Url(), { method: "POST", body: input }),
    gcTime: 0,
    // The add form shows the refusal in the dialog, by field where it can.
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** The edit form's save; its errors show in the dialog. */
export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateEndpointInput }) =>
      fetchV1<WebhookEndpoint>(v1Url(id), { method: "PATCH", body: input }),
    meta: INLINE_ERROR,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
        queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
      ]),
  });
}

type EndpointList = { endpoints: WebhookEndpoint[]; pagination: Pagination };

/** Enable or disable from the list: shown at once, put back (with an error toast) if refused. */
export function useSetWebhookEndpointActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      fetchV1<WebhookEndpoint>(v1Url(id), { method: "PATCH", body: { isActive } }),
    meta: {
      errorTitle: "Could not change the endpoint",
      ...successToast((saved: WebhookEndpoint) => `Endpoint ${saved.isActive ? "enabled" : "disabled"}: ${saved.url}`),
    },
    onMutate: async ({ id, isActive }) => {
      const set = (e: WebhookEndpoint) => (e.id === id ? { ...e, isActive } : e);
      return undoAll([
        await applyOptimistic<EndpointList>(queryClient, [...webhooksQueryKey, "list"], (page) => ({
          ...page,
          endpoints: page.endpoints.map(set),
        })),
        await applyOptimistic<WebhookEndpoint>(queryClient, [...webhooksQueryKey, "one", id], set),
      ]);
    },
    onError: (_error, _variables, undo) => undo?.(),
    // Disabling cancels queued deliveries, so their list changes too.
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
        queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
      ]),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchV1<{ id: string; deleted: true }>(v1Url(id), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** Like create: the new secret is shown once and kept out of every cache. */
export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: string) => fetchV1<WebhookEndpointWithSecret>(`${v1Url(id)}/rotate-secret`, { method: "POST" }),
    gcTime: 0,
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
  });
}

/**
 * Sends the test event now (up to 10 s when the endpoint hangs); counts and history change
 * after it. How the receiver answered shows on the page; a request refused outright is an
 * error toast.
 */
export function useTestWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<WebhookTestResult>(`${dashboardUrl(id)}/test`, { method: "POST" }),
    meta: { errorTitle: "Could not send the test event" },
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
        queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
      ]),
  });
}

const UNFINISHED = new Set<WebhookDelivery["status"]>(["pending", "delivering"]);

/** One page of an endpoint's deliveries; polled while any of them is still under way. */
export function useWebhookDeliveries(endpointId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...deliveriesKey(endpointId), page, pageSize],
    queryFn: () => fetchJson<WebhookDeliveryPage>(`${dashboardUrl(endpointId)}/deliveries?page=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => UNFINISHED.has(d.status)) ? 2_000 : 30_000),
  });
}

export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      fetchJson<WebhookDelivery>(`${dashboardUrl(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, { method: "POST" }),
    meta: {
      errorTitle: "Could not resend the delivery",
      ...successToast(() => "Delivery queued again: the new one is at the top of the list"),
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
