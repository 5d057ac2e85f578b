// TanStack hooks for sending domains (the v1 routes /api/v1/domains[/{id}[/verify]], called with
// the session cookie). The same rows are the Inbound tab's domains, so changes refresh that too.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createDomainSchema, dnsRecordSchema, domainSchema } from "@/lib/domains/schemas";
import { fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { inboundDomainsKey } from "@/hooks/inbound";
import { toast } from "@/components/ui/toast";

export type SendingDomain = z.output<typeof domainSchema>;
export type DnsRecord = z.output<typeof dnsRecordSchema>;

export const domainsQueryKey = ["domains"] as const;

const v1Url = (id?: string, action?: "verify") =>
  id ? `/api/v1/domains/${encodeURIComponent(id)}${action ? `/${action}` : ""}` : "/api/v1/domains";

export function useDomains({ page, perPage }: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...domainsQueryKey, "list", { page, perPage }],
    queryFn: () => fetchV1Page<SendingDomain>(`${v1Url()}?${new URLSearchParams({ page: String(page), perPage: String(perPage) })}`),
    placeholderData: keepPreviousData,
  });
}

const refresh = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: [...domainsQueryKey, "list"] }), queryClient.invalidateQueries({ queryKey: inboundDomainsKey })]);

export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    // The domain name's checks (IDNA, labels) are the server's: its message shows in the dialog.
    mutationFn: (input: z.input<typeof createDomainSchema>) => fetchV1<SendingDomain>(v1Url(), { method: "POST", body: input }),
    meta: INLINE_ERROR,
    onSuccess: (d) => {
      toast.success(`Domain added: ${d.name}. Publish its records, then verify.`);
      return refresh(queryClient);
    },
  });
}

/** "Verify now": the answer is the domain after the lookups, shown at once. */
export function useVerifyDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: SendingDomain) => fetchV1<SendingDomain>(v1Url(d.id, "verify"), { method: "POST" }),
    meta: { errorTitle: "Could not check the domain" },
    onSuccess: (d) => {
      const said = { verified: `${d.name} is verified.`, pending: `${d.name} is not verified yet: see each record's result.`, failed: `${d.name} failed verification: see each record's result.` };
      toast.success(said[d.status]);
      return refresh(queryClient);
    },
  });
}

export function useSetDomainInbound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ d, inbound }: { d: SendingDomain; inbound: boolean }) => fetchV1<SendingDomain>(v1Url(d.id), { method: "PATCH", body: { inbound } }),
    meta: { errorTitle: "Could not change receiving" },
    onSuccess: (d) => {
      toast.success(d.inbound ? `Receiving mail for ${d.name}` : `No longer receiving mail for ${d.name}`);
      return refresh(queryClient);
    },
  });
}

export function useDeleteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: SendingDomain) => fetchV1<{ id: string; deleted: true }>(v1Url(d.id), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: (_r, d) => {
      toast.success(`Domain deleted: ${d.name}`);
      return refresh(queryClient);
    },
  });
}
