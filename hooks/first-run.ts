// TanStack hooks for the overview's first-run checklist: whether anything was sent yet
// (GET /api/messages?sentOnly=true&pageSize=1), whether a webhook endpoint exists (the v1 route
// GET /api/v1/webhook-endpoints?perPage=1, called with the session cookie), and the signed-in
// address for screens that are not handed it (next-auth's GET /api/auth/session).
// Keys share the prefixes of hooks/messages and hooks/webhooks, so a send or a new
// endpoint made elsewhere in the dashboard refreshes these too.
import { useQuery } from "@tanstack/react-query";
import type { Pagination } from "@/lib/http/pagination";
import { fetchJson } from "@/hooks/fetch-json";
import { messagesQueryKey, messagesUrl, type MessageListItem, type MessagePage } from "@/hooks/messages";
import { webhooksQueryKey } from "@/hooks/webhooks";

export interface FirstSend {
  /** Messages that went out, in all. */
  total: number;
  /** The newest of them, to open its timeline. */
  latest: MessageListItem | null;
}

/**
 * Whether any email went out. Until one has, it looks again every few seconds: the first send
 * is often the curl on the overview, run in a terminal while the page stays open.
 */
export function useFirstSend(enabled = true) {
  return useQuery({
    queryKey: [...messagesQueryKey, "first-run"],
    queryFn: async (): Promise<FirstSend> => {
      const page = await fetchJson<MessagePage>(messagesUrl({ page: 1, pageSize: 1, search: "", status: "", sentOnly: true }));
      return { total: page.total, latest: page.messages[0] ?? null };
    },
    enabled,
    refetchInterval: (query) => (query.state.data && query.state.data.total > 0 ? false : 5_000),
  });
}

/** How many webhook endpoints the organization has. */
export function useWebhookCount(enabled = true) {
  return useQuery({
    queryKey: [...webhooksQueryKey, "first-run"],
    queryFn: async () =>
      (await fetchJson<{ data: unknown[]; pagination: Pagination }>("/api/v1/webhook-endpoints?page=1&perPage=1")).pagination.total,
    enabled,
  });
}

/** The signed-in user's address, from the session; only for screens the server did not hand it to. */
export function useSignedInEmail(enabled = true) {
  return useQuery({
    queryKey: ["session", "email"],
    queryFn: async () => (await fetchJson<{ user?: { email?: string } } | null>("/api/auth/session"))?.user?.email || null,
    enabled,
    staleTime: Infinity,
  });
}
