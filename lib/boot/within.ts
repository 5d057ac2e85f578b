// A wait with a limit: the promise's value if it settles within `ms`, else `fallback`. The
// timer is cleared either way; `unref` lets the process exit while it still runs.
export function within<T>(promise: Promise<T>, ms: number, fallback: T, { unref = false }: { unref?: boolean } = {}): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    if (unref) timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
