// A write that must not be lost to a short database outage (a restart, a failover): the
// outcome of a send the provider has already accepted. It is tried again while the failure is
// a lost connection (isConnectionError), for about ten seconds, then the last error is thrown.
// Only for statements that are safe to run twice.
import { isConnectionError } from "@/lib/db/errors";

const DELAYS_MS = [100, 200, 400, 800, 1_600, 3_200, 3_200];

export async function retryWhileDisconnected<T>(write: () => Promise<T>, delays: readonly number[] = DELAYS_MS): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await write();
    } catch (err) {
      if (i >= delays.length || !isConnectionError(err)) throw err;
      await new Promise((r) => setTimeout(r, delays[i]));
    }
  }
}
