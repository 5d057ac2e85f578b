"use client";

import type { Sender } from "@/hooks/senders";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";

function Verification({ s }: { s: Sender }) {
  if (s.verification === "domain") return <Badge tone="success">Verified by domain</Badge>;
  if (s.verification === "confirmed") return <Badge tone="success">Confirmed</Badge>;
  return <Badge tone="danger">Not verified</Badge>;
}

function how(s: Sender): React.ReactNode {
  if (s.verification === "domain") return <>Its domain {s.domain?.name} is verified.</>;
  if (s.verification === "confirmed" && s.confirmedAt)
    return (
      <>
        Confirmed by the address&apos;s owner <DateText value={s.confirmedAt} show="time" />.
      </>
    );
  if (s.domain)
    return (
      <>
        Its domain {s.domain.name} is {s.domain.status}: verify the domain, or have the address confirmed by email. Until then it cannot
        send in production.
      </>
    );
  return <>Send a confirmation email and have its owner press Confirm. Until then it cannot send in production.</>;
}

interface SenderRowProps {
  sender: Sender;
  canManage: boolean;
  restrictedReasonId?: string;
  /** While a confirmation email for this sender is being sent. */
  sending: boolean;
  onSendConfirmation: (s: Sender) => void;
  onRename: (s: Sender) => void;
  onDelete: (s: Sender) => void;
}

/** One sender: its address and name, whether (and how) it is verified, and what can be done with it. */
export function SenderRow({ sender: s, canManage, restrictedReasonId, sending, onSendConfirmation, onRename, onDelete }: SenderRowProps) {
  const off = { disabled: !canManage, "aria-describedby": canManage ? undefined : restrictedReasonId };
  const label = <span className="sr-only"> {s.email}</span>;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="sender-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{s.email}</span>
          <Verification s={s} />
        </div>
        <p className="mt-0.5 text-sm text-zinc-700 dark:text-zinc-300">
          {s.name || <span className="text-zinc-500 italic dark:text-zinc-400">No display name</span>}
        </p>
        <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{how(s)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
        {!s.verified && (
          <ActionButton
            className="btn-primary py-1.5"
            onClick={() => onSendConfirmation(s)}
            disabled={!canManage || sending}
            aria-describedby={off["aria-describedby"]}
          >
            {sending ? "Sending…" : "Send confirmation"}
            {label}
          </ActionButton>
        )}
        <button type="button" className="btn-secondary py-1.5" onClick={() => onRename(s)} {...off}>
          Rename{label}
        </button>
        <button type="button" className="btn-secondary py-1.5" onClick={() => onDelete(s)} {...off}>
          Delete{label}
        </button>
      </div>
    </li>
  );
}
