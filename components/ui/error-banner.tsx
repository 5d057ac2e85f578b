/** An API or validation error shown where it happened, announced to screen readers. */
export function ErrorBanner({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
    >
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn-secondary py-1" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
