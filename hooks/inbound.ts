// TanStack hooks for inbound email: rules and the rule test (legacy routes /api/inbound/rules[/{id}]
// and /api/inbound/test), inbound domains (dashboard routes /api/inbound/domains[/{id}]) and the
// inbox (v1 routes /api/v1/inbox/messages[/{id}[/reply|/attachments/{attachmentId}]], called
// with the session cookie).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { sendResultSchema } from "@/lib/email/schemas";
import type {
  attachmentInfoSchema,
  createRuleSchema,
  domainSchema,
  inboxMessageSchema,
  inboxSummarySchema,
  replySchema,
  rulePageSchema,
  ruleResultSchema,
  ruleSchema,
  ruleTestResultSchema,
  ruleTestSchema,
  updateRuleSchema,
} from "@/lib/inbound/schemas";
import { ApiError, fetchJson, fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR, successToast } from "@/hooks/mutation-meta";
import { applyOptimistic } from "@/hooks/optimistic";

export type InboundRule = z.output<typeof ruleSchema>;
export type InboundRulePage = z.output<typeof rulePageSchema>;
export type RuleTestResult = z.output<typeof ruleTestResultSchema>;
export type InboundDomain = z.output<typeof domainSchema>;
export type InboxSummary = z.output<typeof inboxSummarySchema>;
export type InboxMessage = z.output<typeof inboxMessageSchema>;
export type InboxAttachment = z.output<typeof attachmentInfoSchema>;
export type InboxRuleResult = z.output<typeof ruleResultSchema>;
export type ReplyResult = z.output<typeof sendResultSchema>;
// Bodies as sent: addresses stay strings (the schemas' outputs turn them into objects).
export type CreateRuleBody = z.input<typeof createRuleSchema>;
export type UpdateRuleBody = z.input<typeof updateRuleSchema>;
export type RuleTestBody = z.input<typeof ruleTestSchema>;
export type ReplyBody = z.input<typeof replySchema>;

export const inboundRulesKey = ["inbound-rules"] as const;
export const inboundDomainsKey = ["inbound-domains"] as const;
export const inboxKey = ["inbox"] as const;

const ruleUrl = (id?: string) => (id ? `/api/inbound/rules/${encodeURIComponent(id)}` : "/api/inbound/rules");
const domainUrl = (id?: string) => (id ? `/api/inbound/domains/${encodeURIComponent(id)}` : "/api/inbound/domains");
const inboxUrl = (id?: string) => (id ? `/api/v1/inbox/messages/${encodeURIComponent(id)}` : "/api/v1/inbox/messages");

/**
 * A change made from a form or a confirmation dialog, which shows its error itself; once
 * made, every query under key (the lists showing what it changed) is refreshed.
 */
function useChange<TInput, TResult>(key: readonly string[], mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta: INLINE_ERROR, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

// Rules

/** One page of rules in the order they run (priority, then age). */
export function useInboundRules(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...inboundRulesKey, "list", page, pageSize],
    queryFn: () => fetchJson<InboundRulePage>(`${ruleUrl()}?page=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
  });
}

export function useCreateRule() {
  return useChange(inboundRulesKey, (input: CreateRuleBody) => fetchJson<InboundRule>(ruleUrl(), { method: "POST", body: input }));
}

export function useUpdateRule() {
  return useChange(inboundRulesKey, ({ id, input }: { id: string; input: UpdateRuleBody }) =>
    fetchJson<InboundRule>(ruleUrl(id), { method: "PUT", body: input }),
  );
}

/** Enable or disable from the list: shown at once, put back (with an error toast) if refused. */
export function useSetRuleEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isEnabled }: { id: string; isEnabled: boolean }) =>
      fetchJson<InboundRule>(ruleUrl(id), { method: "PUT", body: { isEnabled } }),
    meta: {
      errorTitle: "Could not change the rule",
      ...successToast((saved: InboundRule) => `Rule ${saved.isEnabled ? "enabled" : "disabled"}: ${saved.name}`),
    },
    onMutate: ({ id, isEnabled }) =>
      applyOptimistic<InboundRulePage>(queryClient, [...inboundRulesKey, "list"], (page) => ({
        ...page,
        data: page.data.map((r) => (r.id === id ? { ...r, isEnabled } : r)),
      })),
    onError: (_error, _variables, undo) => undo?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboundRulesKey }),
  });
}

export function useDeleteRule() {
  return useChange(inboundRulesKey, (id: string) => fetchJson<{ deleted: true }>(ruleUrl(id), { method: "DELETE" }));
}

/** A dry run against the saved, enabled rules: which would match, in order. Nothing is executed. */
export function useTestRules() {
  return useMutation({
    mutationFn: (input: RuleTestBody) => fetchJson<RuleTestResult>("/api/inbound/test", { method: "POST", body: input }),
    // The test box shows the refusal under its form.
    meta: INLINE_ERROR,
  });
}

// Domains

export function useInboundDomains() {
  return useQuery({
    queryKey: inboundDomainsKey,
    queryFn: () => fetchV1<InboundDomain[]>(domainUrl()),
  });
}

export function useAddDomain() {
  return useChange(inboundDomainsKey, (input: { name: string; inboundEnabled?: boolean }) =>
    fetchJson<InboundDomain>(domainUrl(), { method: "POST", body: input }),
  );
}

/** Pause or resume receiving from the list: shown at once, put back (with an error toast) if refused. */
export function useSetDomainReceiving() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, inboundEnabled }: { id: string; inboundEnabled: boolean }) =>
      fetchJson<InboundDomain>(domainUrl(id), { method: "PATCH", body: { inboundEnabled } }),
    meta: {
      errorTitle: "Could not change the domain",
      ...successToast((saved: InboundDomain) =>
        saved.inboundEnabled ? `Receiving mail for ${saved.name} again` : `Receiving paused for ${saved.name}`,
      ),
    },
    onMutate: ({ id, inboundEnabled }) =>
      applyOptimistic<InboundDomain[]>(queryClient, inboundDomainsKey, (list) =>
        list.map((d) => (d.id === id ? { ...d, inboundEnabled } : d)),
      ),
    onError: (_error, _variables, undo) => undo?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboundDomainsKey }),
  });
}

export function useRemoveDomain() {
  return useChange(inboundDomainsKey, (id: string) => fetchJson<{ deleted: true }>(domainUrl(id), { method: "DELETE" }));
}

// Inbox

export interface InboxParams {
  page: number;
  perPage: number;
  /** Part of the sender's address or of the subject; blank for all. */
  search: string;
  /** One tag, exactly; blank for all. */
  tag: string;
}

export function inboxListUrl({ page, perPage, search, tag }: InboxParams): string {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  if (search.trim()) params.set("search", search.trim());
  if (tag.trim()) params.set("tag", tag.trim());
  return `${inboxUrl()}?${params}`;
}

/** One page of the inbox, newest first; polled, since mail arrives while the page is open. */
export function useInbox(params: InboxParams) {
  return useQuery({
    queryKey: [...inboxKey, "list", params],
    queryFn: async () => {
      const { items, pagination } = await fetchV1Page<InboxSummary>(inboxListUrl(params));
      return { messages: items, pagination };
    },
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

/** An unknown id stays unknown: asking again changes nothing. */
const retryUnlessNotFound = (count: number, error: Error) => !(error instanceof ApiError && error.status === 404) && count < 1;

/** One message in full; polled until its rules have run. */
export function useInboxMessage(id: string) {
  return useQuery({
    queryKey: [...inboxKey, "one", id],
    queryFn: () => fetchV1<InboxMessage>(inboxUrl(id)),
    retry: retryUnlessNotFound,
    refetchInterval: (query) => (query.state.data?.status === "received" ? 2_000 : false),
  });
}

/** One attachment with its content (base64); fetched when the user asks to download it. */
export function fetchInboxAttachment(messageId: string, attachmentId: string) {
  return fetchV1<InboxAttachment & { content: string }>(`${inboxUrl(messageId)}/attachments/${encodeURIComponent(attachmentId)}`);
}

/** Replies through the normal send path; the sent message then shows in the messages log. */
export function useReplyToInbox(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReplyBody) => fetchV1<ReplyResult>(`${inboxUrl(id)}/reply`, { method: "POST", body: input }),
    // The reply form shows the refusal above its button.
    meta: INLINE_ERROR,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["messages"] }),
  });
}
