"use client";
// One inbound domain: whether it receives, since when, and for admins turning it on or off
// (shown at once, put back with an error toast if refused) and removing it.
import { useSetDomainReceiving, type InboundDomain } from "@/hooks/inbound";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";

export function DomainItem({
  domain,
  canManage,
  onRemove,
}: {
  domain: InboundDomain;
  canManage: boolean;
  onRemove: (d: InboundDomain) => void;
}) {
  const toggle = useSetDomainReceiving();
  const name = <span className="sr-only"> {domain.name}</span>;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="inbound-domain">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{domain.name}</span>
          <Badge tone={domain.inboundEnabled ? "success" : "neutral"}>{domain.inboundEnabled ? "Receiving" : "Paused"}</Badge>
        </div>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          Added <DateText value={domain.createdAt} />
        </p>
      </div>
      {canManage && (
        <div className="flex shrink-0 flex-wrap gap-2">
          <ActionButton
            className="btn-secondary py-1.5"
            onClick={() => toggle.mutate({ id: domain.id, inboundEnabled: !domain.inboundEnabled })}
            disabled={toggle.isPending}
          >
            {domain.inboundEnabled ? "Pause receiving" : "Resume receiving"}
            {name}
          </ActionButton>
          <button type="button" className="btn-danger py-1.5" onClick={() => onRemove(domain)}>
            Remove{name}
          </button>
        </div>
      )}
    </li>
  );
}
