/** Shown instead of an empty list: what is missing and what to do next. */
export function EmptyState({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
      <h2 className="text-base font-medium">{title}</h2>
      <div className="mx-auto mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}
