// TanStack hooks for scheduled emails: POST and GET /api/email/schedule, and
// DELETE /api/email/schedule/{id} to cancel one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { cancelResultSchema, scheduledEmailSchema, scheduleListSchema } from "@/lib/scheduling/schemas";
import { ApiError, fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import type { SendTestEmailInput } from "@/hooks/send";

export type ScheduledEmail = z.output<typeof scheduledEmailSchema>;
export type ScheduledPage = z.output<typeof scheduleListSchema>;
export type CancelResult = z.output<typeof cancelResultSchema>;

/** The dashboard's send form fields plus when to send (ISO 8601 with an offset). */
export interface ScheduleEmailInput extends SendTestEmailInput {
  scheduledFor: string;
  maxRetries?: number;
}

export const scheduledQueryKey = ["scheduled-emails"] as const;

const UNFINISHED = new Set<ScheduledEmail["status"]>(["scheduled", "sending"]);

/** A role without email.send is refused for good: asking again changes nothing. */
const retryUnlessForbidden = (count: number, error: Error) => !(error instanceof ApiError && error.status === 403) && count < 1;

/** One page, newest first; polled every few seconds while any email on it may still change. */
export function useScheduledEmails(page: number, limit: number) {
  return useQuery({
    queryKey: [...scheduledQueryKey, page, limit],
    queryFn: () => fetchJson<ScheduledPage>(`/api/email/schedule?page=${page}&limit=${limit}`),
    placeholderData: keepPreviousData,
    retry: retryUnlessForbidden,
    refetchInterval: (query) => (query.state.data?.data.some((e) => UNFINISHED.has(e.status)) ? 3_000 : 30_000),
  });
}

export function useScheduleEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScheduleEmailInput) => fetchJson<ScheduledEmail>("/api/email/schedule", { method: "POST", body: input }),
    // The send form shows the refusal (test mode, the allowance…) with what to do about it.
    meta: INLINE_ERROR,
    // Scheduling is audited whether or not it is accepted.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: scheduledQueryKey }), queryClient.invalidateQueries({ queryKey: ["audit"] })]),
  });
}

/** {cancelled: false} when the email was already sending or done; the list shows what it became. */
export function useCancelScheduledEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<CancelResult>(`/api/email/schedule/${encodeURIComponent(id)}`, { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledQueryKey }),
  });
}
