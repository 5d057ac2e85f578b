// TanStack hooks for the messages log (GET /api/messages), one message with its event timeline
// (the v1 route GET /api/v1/analytics/messages/{id}, called with the session cookie) and the
// webhook deliveries its events caused (GET /api/messages/{id}/webhook-deliveries).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { messageListSchema, messageTimelineSchema } from "@/lib/analytics/schemas";
import type { messageDeliveriesSchema } from "@/lib/webhooks/schemas";
import { MESSAGE_STATUSES, type MessageStatus } from "@/lib/events/message-status";
import { ApiError, fetchJson, fetchV1 } from "@/hooks/fetch-json";

export type MessagePage = z.output<typeof messageListSchema>;
export type MessageListItem = MessagePage["messages"][number];
export type MessageTimeline = z.output<typeof messageTimelineSchema>;
export type MessageEvent = MessageTimeline["events"][number];

export type MessageDelivery = z.output<typeof messageDeliveriesSchema>["deliveries"][number];
export { MESSAGE_STATUSES, type MessageStatus };

export interface MessageListParams {
  page: number;
  pageSize: number;
  /** Part of a recipient address or of the subject, or a message id; blank for all. */
  search: string;
  status: MessageStatus | "";
  /** The provider's name; blank for any. */
  provider?: string;
  /** Days (YYYY-MM-DD, the browser's time zone), both included; blank for no bound. */
  fromDay?: string;
  toDay?: string;
  /** name:value; blank for any. */
  tag?: string;
  /** Only messages a provider accepted, whatever it reported since. */
  sentOnly?: boolean;
  /** The dashboard's current project; null or absent for all. */
  projectId?: string | null;
}

export const messagesQueryKey = ["messages"] as const;

/** The start of a day in the browser's time zone, as an instant; `next` for the day after. */
function dayStart(day: string, next = false): string | null {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return null;
  return new Date(y, m - 1, d + (next ? 1 : 0)).toISOString();
}

export function messagesUrl({
  page,
  pageSize,
  search,
  status,
  provider,
  fromDay,
  toDay,
  tag,
  sentOnly,
  projectId,
}: MessageListParams): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) params.set("search", search.trim());
  if (status) params.set("status", status);
  if (provider?.trim()) params.set("provider", provider.trim());
  const from = fromDay ? dayStart(fromDay) : null;
  const to = toDay ? dayStart(toDay, true) : null;
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  if (tag?.trim()) params.set("tag", tag.trim());
  if (sentOnly) params.set("sentOnly", "true");
  if (projectId) params.set("projectId", projectId);
  return `/api/messages?${params}`;
}

/** One page, newest first; the previous page stays on screen while the next one loads. */
export function useMessages(params: MessageListParams) {
  return useQuery({
    queryKey: [...messagesQueryKey, "list", params],
    queryFn: () => fetchJson<MessagePage>(messagesUrl(params)),
    placeholderData: keepPreviousData,
    // Queued messages go out (or fail) while the page is open.
    refetchInterval: (query) => (query.state.data?.messages.some((m) => m.status === "queued") ? 3_000 : 30_000),
  });
}

/** A provider reports delivery, opens and clicks for a while after the send; after a day, little changes. */
const FRESH_MS = 24 * 3_600_000;

/** An unknown id stays unknown: asking again changes nothing. */
const retryUnlessNotFound = (count: number, error: Error) => !(error instanceof ApiError && error.status === 404) && count < 1;

export function useMessage(id: string) {
  return useQuery({
    queryKey: [...messagesQueryKey, "one", id],
    queryFn: async () => fetchV1<MessageTimeline>(`/api/v1/analytics/messages/${encodeURIComponent(id)}`),
    retry: retryUnlessNotFound,
    refetchInterval: (query) => {
      const message = query.state.data?.message;
      if (!message) return false;
      return message.status === "queued" ? 2_000 : Date.now() - new Date(message.createdAt).getTime() < FRESH_MS ? 10_000 : false;
    },
  });
}

/** The webhook deliveries the message's events caused; new ones appear as events arrive. */
export function useMessageDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...messagesQueryKey, "deliveries", id],
    queryFn: async () =>
      (await fetchJson<{ deliveries: MessageDelivery[] }>(`/api/messages/${encodeURIComponent(id)}/webhook-deliveries`)).deliveries,
    enabled,
    retry: retryUnlessNotFound,
    refetchInterval: 10_000,
  });
}
