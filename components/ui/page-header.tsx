/** Page title, one line on what the page is for, and the page's main action. */
export function PageHeader({ title, description, action }: { title: string; description: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      {action && <div className="flex shrink-0 flex-col items-start gap-1 lg:items-end">{action}</div>}
    </div>
  );
}
