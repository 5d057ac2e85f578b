"use client";

import { useSetDomainInbound, useVerifyDomain, type SendingDomain } from "@/hooks/domains";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { DomainStatusBadge } from "@/components/domains/domain-status-badge";
import { DnsRecordsTable } from "@/components/domains/dns-records-table";
import { TrackingHostForm } from "@/components/domains/tracking-host-form";

const STATUS_HELP: Record<SendingDomain["status"], string> = {
  pending:
    "Publish the required records (SPF and DKIM); DNS changes can take a while to be seen. It is checked every 15 minutes for 72 hours.",
  verified: "Mail from this domain is DKIM-signed and may be sent in production. It is checked again daily.",
  failed:
    "A required record is missing or wrong, so mail from this domain is neither signed nor allowed in production. Fix the records, then verify.",
};

interface DomainCardProps {
  domain: SendingDomain;
  canManage: boolean;
  /** When actions are off: the id of the text saying why. */
  restrictedReasonId?: string;
  onDelete: (d: SendingDomain) => void;
}

/** One domain: its status and last check, the records to publish, and for admins Verify now, receiving and Delete. */
export function DomainCard({ domain: d, canManage, restrictedReasonId, onDelete }: DomainCardProps) {
  const verify = useVerifyDomain();
  const inbound = useSetDomainInbound();
  const off = { disabled: !canManage, "aria-describedby": canManage ? undefined : restrictedReasonId };
  const name = <span className="sr-only"> {d.name}</span>;
  return (
    <li className="space-y-3 px-4 py-4" data-testid="domain-card">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold break-all">{d.name}</h2>
            <DomainStatusBadge status={d.status} />
            {d.inbound && <Badge tone="brand">Receiving</Badge>}
          </div>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="domain-last-check">
            {d.lastCheckedAt ? (
              <>
                Last checked <DateText value={d.lastCheckedAt} show="time" />
              </>
            ) : (
              "Not checked yet"
            )}
            {d.verifiedAt && (
              <>
                {" · "}verified since <DateText value={d.verifiedAt} show="time" />
              </>
            )}
          </p>
          <p className="mt-1 max-w-2xl text-sm text-zinc-700 dark:text-zinc-300">{STATUS_HELP[d.status]}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ActionButton
            className="btn-primary py-1.5"
            onClick={() => verify.mutate(d)}
            disabled={!canManage || verify.isPending}
            aria-describedby={off["aria-describedby"]}
          >
            {verify.isPending ? "Checking…" : "Verify now"}
            {name}
          </ActionButton>
          <ActionButton
            className="btn-secondary py-1.5"
            onClick={() => inbound.mutate({ d, inbound: !d.inbound })}
            disabled={!canManage || inbound.isPending}
            aria-describedby={off["aria-describedby"]}
          >
            {d.inbound ? "Stop receiving" : "Receive mail"}
            {name}
          </ActionButton>
          <button type="button" className="btn-secondary py-1.5" onClick={() => onDelete(d)} {...off}>
            Delete{name}
          </button>
        </div>
      </div>
      <TrackingHostForm domain={d} canManage={canManage} restrictedReasonId={restrictedReasonId} />
      <DnsRecordsTable domainName={d.name} records={d.records} />
    </li>
  );
}
