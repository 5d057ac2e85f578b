"use client";

import type { SequenceDetail } from "@/hooks/sequences";
import { describeDelay } from "@/components/sequences/delay";

const COLUMNS = ["sent", "failed", "skipped", "delivered", "opened", "clicked", "bounced"] as const;

/** Per step: its template and wait, its sends by outcome and what their messages' events say. */
export function StepStatsTable({ sequence, templateNames }: { sequence: SequenceDetail; templateNames: Map<string, string> }) {
  const stats = new Map(sequence.stats.steps.map((s) => [s.stepId, s]));
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full text-sm" aria-label="Steps and their stats">
        <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Step
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Template
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Wait
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-right font-medium capitalize">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {sequence.steps.map((step) => {
            const s = stats.get(step.id);
            return (
              <tr key={step.id} data-testid="step-stats">
                <td className="px-3 py-2">{step.position + 1}</td>
                <td className="px-3 py-2 break-words">
                  {templateNames.get(step.templateId) ?? <span className="italic">a deleted or unknown template</span>}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{describeDelay(step.delaySeconds)}</td>
                {COLUMNS.map((c) => (
                  <td key={c} className="px-3 py-2 text-right tabular-nums" data-stat={c}>
                    {s?.[c] ?? 0}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
