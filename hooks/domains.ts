// TanStack hooks for sending domains (the v1 routes /api/v1/domains[/{id}[/verify]], called with
// the session cookie). The same rows are the Inbound tab's domains, so changes refresh that too.
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createDomainSchema, dnsRecordSchema, domainSchema } from "@/lib/domains/schemas";
import { fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { inboundDomainsKey } from "@/hooks/inbound";
import { v1Resource } from "@/hooks/v1-resource";

export type SendingDomain = z.output<typeof domainSchema>;
export type DnsRecord = z.output<typeof dnsRecordSchema>;

export const domainsQueryKey = ["domains"] as const;

const domains = v1Resource("/api/v1/domains", domainsQueryKey);
const v1Url = domains.url;

export function useDomains({ page, perPage }: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...domainsQueryKey, "list", { page, perPage }],
    queryFn: () => fetchV1Page<SendingDomain>(`${v1Url()}?${new URLSearchParams({ page: String(page), perPage: String(perPage) })}`),
    placeholderData: keepPreviousData,
  });
}

const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [...domainsQueryKey, "list"] }),
    queryClient.invalidateQueries({ queryKey: inboundDomainsKey }),
  ]);

// The domain name's checks (IDNA, labels) are the server's: its message shows in the dialog.
export const useAddDomain = () =>
  domains.useChange(
    (input: z.input<typeof createDomainSchema>) => fetchV1<SendingDomain>(v1Url(), { method: "POST", body: input }),
    (d) => `Domain added: ${d.name}. Publish its records, then verify.`,
    { then: refresh },
  );

/** "Verify now": the answer is the domain after the lookups, shown at once. */
export const useVerifyDomain = () =>
  domains.useChange(
    (d: SendingDomain) => fetchV1<SendingDomain>(v1Url(d.id, "/verify"), { method: "POST" }),
    (d) => {
      const said = {
        verified: `${d.name} is verified.`,
        pending: `${d.name} is not verified yet: see each record's result.`,
        failed: `${d.name} failed verification: see each record's result.`,
      };
      return said[d.status];
    },
    { meta: { errorTitle: "Could not check the domain" }, then: refresh },
  );

export const useSetDomainInbound = () =>
  domains.useChange(
    ({ d, inbound }: { d: SendingDomain; inbound: boolean }) => fetchV1<SendingDomain>(v1Url(d.id), { method: "PATCH", body: { inbound } }),
    (d) => (d.inbound ? `Receiving mail for ${d.name}` : `No longer receiving mail for ${d.name}`),
    { meta: { errorTitle: "Could not change receiving" }, then: refresh },
  );

// The host's checks (under the domain, unique) are the server's: its message shows beside the field.
export const useSetTrackingHost = () =>
  domains.useChange(
    ({ d, trackingHost }: { d: SendingDomain; trackingHost: string | null }) =>
      fetchV1<SendingDomain>(v1Url(d.id), { method: "PATCH", body: { trackingHost } }),
    (d) =>
      d.trackingHost ? `Tracking host of ${d.name}: ${d.trackingHost}. Publish its CNAME, then verify.` : `${d.name} has no tracking host`,
    { meta: { errorTitle: "Could not change the tracking host" }, then: refresh },
  );

// Asked in a confirmation dialog, which shows the error.
export const useDeleteDomain = () =>
  domains.useChange(
    (d: SendingDomain) => fetchV1<{ id: string; deleted: true }>(v1Url(d.id), { method: "DELETE" }),
    (_r, d) => `Domain deleted: ${d.name}`,
    { then: refresh },
  );
