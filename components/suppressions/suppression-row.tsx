"use client";

import { RowAction } from "@/components/ui/row-action";
import Link from "next/link";
import type { Suppression } from "@/hooks/suppressions";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { REASON_LABELS } from "@/components/suppressions/reason-labels";

interface SuppressionRowProps {
  suppression: Suppression;
  canManage: boolean;
  /** For viewers: the id of the text saying why Remove is off. */
  restrictedReasonId?: string;
  onRemove: (suppression: Suppression) => void;
}

/** One suppressed address: why and since when, the message that put it here, and Remove. An
 * erased address (kept only as a keyed hash) has no address to show or to remove it by. */
export function SuppressionRow({ suppression: s, canManage, restrictedReasonId, onRemove }: SuppressionRowProps) {
  const reason = REASON_LABELS[s.reason];
  const shown = s.email ?? "Erased address";
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="suppression-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className={s.email ? "font-medium break-all" : "font-medium text-zinc-600 italic dark:text-zinc-400"}>{shown}</span>
          <Badge tone={reason.tone}>{reason.label}</Badge>
        </div>
        <div className="mt-1 flex flex-wrap gap-x-4 text-xs text-zinc-600 dark:text-zinc-400">
          <span>
            Since <DateText value={s.createdAt} show="time" />
          </span>
          {s.messageId && (
            <Link href={`/messages/${s.messageId}`} className="text-brand-700 hover:underline dark:text-brand-50">
              The message that caused it<span className="sr-only"> (to {shown})</span>
            </Link>
          )}
        </div>
      </div>
      {/* Disabled for viewers, the reason given once above the list. */}
      {s.email && (
        <RowAction
          label="Remove"
          about={s.email}
          onClick={() => onRemove(s)}
          allowed={canManage}
          reasonId={restrictedReasonId}
          className="shrink-0 self-start sm:self-center"
        />
      )}
    </li>
  );
}
