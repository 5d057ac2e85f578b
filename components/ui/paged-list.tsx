import { EmptyState } from "@/components/ui/empty-state";
import { PageNav } from "@/components/ui/page-nav";

interface PagedListProps {
  /** The list's accessible name. */
  label: string;
  /** The page navigation's accessible name. */
  navLabel: string;
  page: number;
  pageSize: number;
  total: number;
  /** More than `total` exist (a count that stops at a cap). */
  more?: boolean;
  /** Rows on this page. */
  count: number;
  /** The page's query: busy while it fetches, dimmed (and paging held) while it still shows the previous page. */
  query: { isFetching: boolean; isPlaceholderData: boolean };
  onPageChange: (page: number) => void;
  /** How many there are, above the list ("3 messages", "1 message match"). */
  tally?: { testId: string; one: string; many: string; filtered: boolean };
  /** The rows: one <li> each. */
  children: React.ReactNode;
}

/** One page of a page-numbered list, with Previous and Next once there is more than a page. */
export function PagedList({
  label,
  navLabel,
  page,
  pageSize,
  total,
  more = false,
  count,
  query,
  onPageChange,
  tally,
  children,
}: PagedListProps) {
  return (
    <div aria-busy={query.isFetching || undefined} className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
      {tally && (
        <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite" data-testid={tally.testId}>
          {more ? `More than ${total.toLocaleString("en-US")}` : total} {total === 1 && !more ? tally.one : tally.many}
          {tally.filtered ? " match" : ""}
        </p>
      )}
      <ul
        aria-label={label}
        className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
      >
        {children}
      </ul>
      {(more || total > pageSize) && (
        <PageNav
          label={navLabel}
          page={page}
          pageSize={pageSize}
          total={total}
          more={more}
          count={count}
          busy={query.isPlaceholderData}
          onPageChange={onPageChange}
        />
      )}
    </div>
  );
}

/** A page number from an old address (or a list that shrank), past the end of the list now. */
export function PastLastPage({
  noun,
  total,
  more = false,
  onFirstPage,
}: {
  noun: string;
  total: number;
  more?: boolean;
  onFirstPage: () => void;
}) {
  return (
    <EmptyState title={`No ${noun} on this page`} action={{ label: "Go to the first page", onClick: onFirstPage }}>
      There are {more ? `more than ${total.toLocaleString("en-US")}` : total} in all; this page is past the last one.
    </EmptyState>
  );
}

/** The page to show after removing an item from one showing `shown`: the one before, when the last item of a later page went. */
export function pageAfterRemoving(shown: number, page: number): number {
  return shown === 1 && page > 1 ? page - 1 : page;
}
