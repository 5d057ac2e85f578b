"use client";

import type { AuditEntry } from "@/hooks/audit";
import { Badge } from "@/components/ui/badge";
import { actionLabel, entrySummary, outcomeLabel, outcomeTone } from "@/components/audit/audit-describe";

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "medium" });
const SUMMARY_MAX = 140;

interface AuditTableProps {
  entries: AuditEntry[];
  /** Display names for actor ids (member emails, API key names). */
  actorName: (entry: AuditEntry) => string;
}

/** Audit entries as a table; it scrolls sideways on narrow screens rather than squeezing. */
export function AuditTable({ entries, actorName }: AuditTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Time
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Action
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Actor
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Outcome
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Recipients
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Mode
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Details
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {entries.map((entry) => {
            const summary = entrySummary(entry);
            return (
              <tr key={entry.id} className="align-top">
                <td className="px-3 py-2 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                  <time dateTime={entry.createdAt}>{TIME.format(new Date(entry.createdAt))}</time>
                </td>
                <td className="px-3 py-2">
                  <span className="font-medium">{actionLabel(entry.action)}</span>
                  {entry.projectId === null && <span className="block text-xs text-zinc-500 dark:text-zinc-400">Account-wide</span>}
                </td>
                <td className="max-w-44 min-w-32 px-3 py-2 [overflow-wrap:anywhere] text-zinc-700 dark:text-zinc-300">
                  {actorName(entry)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <Badge tone={outcomeTone(entry.outcome)}>{outcomeLabel(entry.outcome)}</Badge>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{entry.recipientCount ?? "—"}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {entry.sendMode ? <Badge tone={entry.sendMode === "production" ? "brand" : "neutral"}>{entry.sendMode}</Badge> : "—"}
                </td>
                <td
                  className="min-w-52 px-3 py-2 [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400"
                  title={summary.length > SUMMARY_MAX ? summary : undefined}
                >
                  {summary ? (summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX)}…` : summary) : "—"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
