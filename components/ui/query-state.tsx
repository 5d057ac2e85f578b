import type { UseQueryResult } from "@tanstack/react-query";
import { ApiError } from "@/hooks/fetch-json";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ListSkeleton } from "@/components/ui/skeleton";

interface QueryStateProps<T> {
  /** The query whose state decides what shows. */
  query: UseQueryResult<T, Error>;
  /** While it loads: placeholder rows with this label for screen readers ("Loading contacts…"), a placeholder of the page's own, or nothing (null). */
  loading: string | React.ReactElement | null;
  /** How many placeholder rows a string `loading` shows. */
  rows?: number;
  /** What the error banner says before the error's own message ("Projects could not be loaded"). */
  errorPrefix?: string;
  /** Shown instead of the error banner when the API answers with this status (404: not found; 403: not for this role). */
  errorViews?: Partial<Record<number, React.ReactNode>>;
  /** When the loaded data counts as nothing to show: then `empty` (an EmptyState) shows instead of `children`. */
  isEmpty?: (data: T) => boolean;
  empty?: React.ReactNode;
  /** What shows once the data is there. */
  children: (data: T) => React.ReactNode;
}

/**
 * One way to show a query's data: a placeholder while it loads; its error, with the error's
 * message and Try again; an empty state when there is nothing; otherwise the data. A failed
 * refresh shows its error too, even with older data at hand.
 */
export function QueryState<T>({ query, loading, rows, errorPrefix, errorViews, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return typeof loading === "string" ? <ListSkeleton label={loading} rows={rows} /> : loading;
  if (query.isError) {
    const view = query.error instanceof ApiError ? errorViews?.[query.error.status] : undefined;
    if (view !== undefined) return view;
    return (
      <ErrorBanner message={errorPrefix ? `${errorPrefix}: ${query.error.message}` : query.error.message} onRetry={() => query.refetch()} />
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
