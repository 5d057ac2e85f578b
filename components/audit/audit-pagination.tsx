/** "26–50 of 73" with Previous and Next. */
export function AuditPagination({
  offset,
  limit,
  total,
  count,
  busy,
  onOffsetChange,
}: {
  offset: number;
  limit: number;
  total: number;
  count: number;
  busy: boolean;
  onOffsetChange: (offset: number) => void;
}) {
  const first = total === 0 ? 0 : offset + 1;
  const last = offset + count;
  return (
    <nav aria-label="Audit log pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
        {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
          disabled={busy || offset === 0}
        >
          Previous
        </button>
        <button type="button" className="btn-secondary" onClick={() => onOffsetChange(offset + limit)} disabled={busy || last >= total}>
          Next
        </button>
      </div>
    </nav>
  );
}
