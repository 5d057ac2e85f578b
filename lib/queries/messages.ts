// TanStack hooks for the messages log (GET /api/messages) and one message with its event
// timeline (the v1 route GET /api/v1/analytics/messages/{id}, called with the session cookie).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { messageListSchema, messageTimelineSchema } from "@/lib/analytics/schemas";
import { ApiError, fetchJson, fetchV1 } from "@/lib/queries/fetch-json";

export type MessagePage = z.output<typeof messageListSchema>;
export type MessageListItem = MessagePage["messages"][number];
export type MessageTimeline = z.output<typeof messageTimelineSchema>;
export type MessageEvent = MessageTimeline["events"][number];

export const MESSAGE_STATUSES = ["queued", "sent", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface MessageListParams {
  page: number;
  pageSize: number;
  /** Part of a recipient address or of the subject; blank for all. */
  search: string;
  status: MessageStatus | "";
}

export const messagesQueryKey = ["messages"] as const;

export function messagesUrl({ page, pageSize, search, status }: MessageListParams): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) params.set("search", search.trim());
  if (status) params.set("status", status);
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
