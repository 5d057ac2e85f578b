"use client";

import { RowAction } from "@/components/ui/row-action";
import type { UseCase } from "@/hooks/use-cases";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";

interface UseCaseRowProps {
  useCase: UseCase;
  canManage: boolean;
  canChooseDefault: boolean;
  /** When an action is off: the id of the text saying why. */
  restrictedReasonId?: string;
  /** While any "Make default" request runs. */
  choosingDefault: boolean;
  onMakeDefault: (useCase: UseCase) => void;
  onEdit: (useCase: UseCase) => void;
  onDelete: (useCase: UseCase) => void;
}

/** One use case: its name, whether it is the default, its description, and what can be done with it. */
export function UseCaseRow({
  useCase: u,
  canManage,
  canChooseDefault,
  restrictedReasonId,
  choosingDefault,
  onMakeDefault,
  onEdit,
  onDelete,
}: UseCaseRowProps) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="use-case-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{u.name}</span>
          {u.isDefault && <Badge tone="brand">Default</Badge>}
        </div>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">
          {u.description || <span className="text-zinc-500 italic dark:text-zinc-400">No description</span>}
        </p>
        <div className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Created <DateText value={u.createdAt} show="time" />
        </div>
      </div>
      {/* Disabled when the role may not, the reason given once above the list. */}
      <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
        {!u.isDefault && (
          <RowAction
            label="Make default"
            about={u.name}
            onClick={() => onMakeDefault(u)}
            allowed={canChooseDefault}
            disabled={choosingDefault}
            reasonId={restrictedReasonId}
          />
        )}
        <RowAction label="Edit" about={u.name} onClick={() => onEdit(u)} allowed={canManage} reasonId={restrictedReasonId} />
        <RowAction label="Delete" about={u.name} onClick={() => onDelete(u)} allowed={canManage} reasonId={restrictedReasonId} />
      </div>
    </li>
  );
}
