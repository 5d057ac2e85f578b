/** "26–50 of 73" with Previous and Next, for page-numbered lists. */
export function PageNav({
  label,
  page,
  pageSize,
  total,
  more = false,
  count,
  busy,
  onPageChange,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** More than `total` exist (a count that stops at a cap): "of 10,000+", Next stays on. */
  more?: boolean;
  /** Rows on this page. */
  count: number;
  busy: boolean;
  onPageChange: (page: number) => void;
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + count;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
        {first}–{last} of {more ? `${total.toLocaleString("en-US")}+` : total}
      </p>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary" onClick={() => onPageChange(page - 1)} disabled={busy || page <= 1}>
          Previous
        </button>
        <button type="button" className="btn-secondary" onClick={() => onPageChange(page + 1)} disabled={busy || (!more && last >= total)}>
          Next
        </button>
      </div>
    </nav>
  );
}
