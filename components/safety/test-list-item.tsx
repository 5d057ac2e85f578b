"use client";

import type { TestList } from "@/hooks/safety";
import { DateText } from "@/components/ui/date-text";

/** One test list: its name, every address on it, and Delete. */
export function TestListItem({ list, onDelete }: { list: TestList; onDelete: (list: TestList) => void }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-2">
        <div>
          <span className="font-medium break-all">{list.name}</span>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {list.emails.length} address{list.emails.length === 1 ? "" : "es"} · Created <DateText value={list.createdAt} />
          </p>
        </div>
        {list.emails.length > 0 ? (
          <ul aria-label={`Addresses on ${list.name}`} className="flex flex-wrap gap-1.5">
            {list.emails.map((email) => (
              <li
                key={email}
                className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs break-all text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
              >
                {email}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No addresses: this list lets nobody through.</p>
        )}
      </div>
      <button type="button" className="btn-danger self-start py-1.5" onClick={() => onDelete(list)}>
        Delete<span className="sr-only"> {list.name}</span>
      </button>
    </li>
  );
}
