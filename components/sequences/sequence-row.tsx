"use client";

import Link from "next/link";
import type { Sequence } from "@/hooks/sequences";
import { ActionButton } from "@/components/ui/action-button";
import { SequenceStatusBadge } from "@/components/sequences/status-badge";
import { StepSummary } from "@/components/sequences/step-summary";

interface SequenceRowProps {
  sequence: Sequence;
  templateNames: Map<string, string>;
  canManage: boolean;
  restrictedReasonId?: string;
  busy: boolean;
  onToggle: (s: Sequence) => void;
}

/** One sequence: its name and status, its steps, how many contacts are in it and where they are. */
export function SequenceRow({ sequence: s, templateNames, canManage, restrictedReasonId, busy, onToggle }: SequenceRowProps) {
  const e = s.enrolments;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="sequence-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Link href={`/sequences/${s.id}`} className="font-medium break-words text-brand-600 hover:underline dark:text-brand-500">
            {s.name}
          </Link>
          <SequenceStatusBadge status={s.status} />
        </div>
        <StepSummary steps={s.steps} templateNames={templateNames} />
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="sequence-counts">
          {e.total} enrolled · {e.active} active · {e.completed} completed · {e.exited} exited{e.failed ? ` · ${e.failed} failed` : ""}
        </p>
      </div>
      <div className="flex shrink-0 gap-2 self-start">
        <ActionButton
          className="btn-secondary py-1.5"
          onClick={() => onToggle(s)}
          disabled={!canManage || busy}
          aria-describedby={canManage ? undefined : restrictedReasonId}
        >
          {s.status === "active" ? "Pause" : "Resume"}
          <span className="sr-only"> {s.name}</span>
        </ActionButton>
        <Link href={`/sequences/${s.id}`} className="btn-secondary py-1.5">
          Open<span className="sr-only"> {s.name}</span>
        </Link>
      </div>
    </li>
  );
}
