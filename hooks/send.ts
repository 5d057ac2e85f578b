// TanStack hook for sending one email from the dashboard (POST /api/email/send).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { sendResultSchema } from "@/lib/email/schemas";
import { fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { providersQueryKey } from "@/hooks/providers";

export type SendResult = z.output<typeof sendResultSchema>;

/** The fields the dashboard's test form sends; the route accepts more (see SendEmailInput). */
export interface SendTestEmailInput {
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  from?: string;
  fromName?: string;
  cc?: string[];
  bcc?: string[];
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendTestEmailInput) => fetchJson<SendResult>("/api/email/send", { method: "POST", body: input }),
    // The send form shows the refusal (test mode, the allowance…) with what to do about it.
    meta: INLINE_ERROR,
    // Every attempt, refused or not, adds an audit entry and may move provider usage.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ["audit"] }), queryClient.invalidateQueries({ queryKey: providersQueryKey })]),
  });
}
