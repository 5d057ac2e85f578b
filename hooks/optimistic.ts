// Optimistic changes to cached lists: shown at once, undone if the server refuses.
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Stops in-flight reads under `key` (so a slower answer cannot overwrite the change), applies
 * `update` to every cached query under it, and returns what puts the snapshot back.
 */
export async function applyOptimistic<T>(queryClient: QueryClient, key: QueryKey, update: (data: T) => T): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: key });
  const snapshot = queryClient.getQueriesData<T>({ queryKey: key });
  queryClient.setQueriesData<T>({ queryKey: key }, (data) => (data === undefined ? data : update(data)));
  return () => {
    for (const [queryKey, data] of snapshot) queryClient.setQueryData(queryKey, data);
  };
}

/** Several optimistic changes undone together. */
export function undoAll(undos: (() => void)[]): () => void {
  return () => {
    for (const undo of undos) undo();
  };
}
