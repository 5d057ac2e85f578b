import { ErrorBanner } from "@/components/ui/error-banner";
import { Skeleton } from "@/components/ui/skeleton";

/** The checklist's heading: the section is labelled by it. */
export function ChecklistHeading() {
  return (
    <h2 id="getting-started" className="text-lg font-semibold">
      Getting started
    </h2>
  );
}

/** The checklist's box, in every state (loading, failed, folded, open). */
export function ChecklistFrame({ children }: { children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="getting-started"
      data-testid="getting-started"
      className="mt-6 rounded-lg border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {children}
    </section>
  );
}

export function ChecklistFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ChecklistFrame>
      <ChecklistHeading />
      <div className="mt-3">
        <ErrorBanner message={`The checklist could not be loaded: ${message}`} onRetry={onRetry} />
      </div>
    </ChecklistFrame>
  );
}

export function ChecklistLoading({ steps }: { steps: number }) {
  return (
    <ChecklistFrame>
      <div role="status" aria-busy="true">
        <ChecklistHeading />
        <span className="sr-only">Loading the checklist…</span>
        <div className="mt-4 space-y-3">
          {Array.from({ length: steps }, (_, i) => (
            <Skeleton key={i} className="h-6 w-2/3" />
          ))}
        </div>
      </div>
    </ChecklistFrame>
  );
}
