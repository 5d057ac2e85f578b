"use client";

import { describeDelay } from "@/components/sequences/delay";

/** A sequence's steps in order: the template each sends and the wait before it. */
export function StepSummary({
  steps,
  templateNames,
}: {
  steps: { id: string; position: number; delaySeconds: number; templateId: string }[];
  templateNames: Map<string, string>;
}) {
  return (
    <ol className="mt-1 space-y-0.5 text-sm text-zinc-700 dark:text-zinc-300" aria-label="Steps">
      {steps.map((s) => (
        <li key={s.id} data-testid="sequence-step">
          <span className="text-zinc-500 dark:text-zinc-400">{s.position + 1}.</span>{" "}
          {templateNames.get(s.templateId) ?? <span className="italic">a deleted or unknown template</span>}
          <span className="text-zinc-500 dark:text-zinc-400">
            {" "}
            · {s.delaySeconds === 0 ? "at once" : `after ${describeDelay(s.delaySeconds)}`}
          </span>
        </li>
      ))}
    </ol>
  );
}

export const templateNameMap = (options: { id: string; label: string }[] | undefined) =>
  new Map((options ?? []).map((o) => [o.id, o.label]));
