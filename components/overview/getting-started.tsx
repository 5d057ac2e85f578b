import Link from "next/link";

export interface Step {
  done: boolean;
  title: string;
  href: string;
  action: string;
  detail: string;
}

/** The first things to set up, ticked off as they are done. */
export function GettingStarted({ steps }: { steps: Step[] }) {
  const remaining = steps.filter((s) => !s.done).length;
  return (
    <section aria-labelledby="getting-started" className="mt-6 rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="getting-started" className="text-lg font-semibold">
          Getting started
        </h2>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          {remaining === 0 ? "All done" : `${steps.length - remaining} of ${steps.length} done`}
        </span>
      </div>
      <ol className="mt-4 space-y-4">
        {steps.map((step) => (
          <li key={step.href} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border text-xs ${step.done ? "border-green-600 bg-green-600 text-white" : "border-zinc-300 dark:border-zinc-600"}`}
            >
              {step.done ? "✓" : ""}
            </span>
            <div>
              <p className={`text-sm font-medium ${step.done ? "text-zinc-500 line-through dark:text-zinc-400" : ""}`}>
                {step.title}
                <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              </p>
              {!step.done && (
                <>
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">{step.detail}</p>
                  <Link className="mt-1 inline-block text-sm font-medium text-brand-600 underline dark:text-brand-500" href={step.href}>
                    {step.action}
                  </Link>
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-5 border-t border-zinc-200 pt-4 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        Then call the API with your key as the README shows.
      </p>
    </section>
  );
}
