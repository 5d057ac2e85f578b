"use client";

import { RowAction } from "@/components/ui/row-action";
import type { ContactList } from "@/hooks/lists";
import { DateText } from "@/components/ui/date-text";

interface ListRowProps {
  list: ContactList;
  canManage: boolean;
  restrictedReasonId?: string;
  onMembers: (list: ContactList) => void;
  onEdit: (list: ContactList) => void;
  onDelete: (list: ContactList) => void;
}

/** One list: its name, description and counts, and what can be done with it. */
export function ListRow({ list: l, canManage, restrictedReasonId, onMembers, onEdit, onDelete }: ListRowProps) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="list-row">
      <div className="min-w-0">
        <span className="font-medium break-words">{l.name}</span>
        {l.description && <p className="mt-1 text-sm break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">{l.description}</p>}
        <div className="mt-1 text-xs text-zinc-600 tabular-nums dark:text-zinc-400" data-testid="list-counts">
          {l.members} {l.members === 1 ? "member" : "members"} · {l.subscribedMembers} subscribed · created <DateText value={l.createdAt} />
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
        <RowAction label="Members" about={`of ${l.name}`} onClick={() => onMembers(l)} />
        <RowAction label="Edit" about={l.name} onClick={() => onEdit(l)} allowed={canManage} reasonId={restrictedReasonId} />
        <RowAction label="Delete" about={l.name} onClick={() => onDelete(l)} allowed={canManage} reasonId={restrictedReasonId} />
      </div>
    </li>
  );
}
