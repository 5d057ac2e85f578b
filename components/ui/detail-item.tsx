/** One label and value of a details list (<dl>); wide spans two columns. */
export function DetailItem({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? "col-span-2" : ""}`}>
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 [overflow-wrap:anywhere] text-zinc-800 dark:text-zinc-200">{children}</dd>
    </div>
  );
}
