// A write that must not be lost to a short database outage (a restart, a failover): the
// outcome of a send the provider has already accepted. It is tried again while the failure is
// a lost connection (isConnectionError), for about ten seconds, then the last error is thrown.
// Only for statements that are safe to run twice.
import { isConnectionError } from "@/lib/db/errors";
import { log } from "@/lib/log";

const DELAYS_MS = [100, 200, 400, 800, 1_600, 3_200, 3_200];
/** After the caller's own wait: how often, and for how long, an owed write is tried in the background. */
const BACKGROUND_EVERY_MS = 5_000;
const BACKGROUND_FOR_MS = 10 * 60_000;

const sleep = (ms: number, unref = false) =>
  new Promise<void>((r) => {
    const t = setTimeout(r, ms);
    if (unref) t.unref();
  });

export async function retryWhileDisconnected<T>(write: () => Promise<T>, delays: readonly number[] = DELAYS_MS): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await write();
    } catch (err) {
      if (i >= delays.length || !isConnectionError(err)) throw err;
      await sleep(delays[i]);
    }
  }
}

/**
 * retryWhileDisconnected for a write the caller cannot wait for beyond its own window (a request
 * being answered): when the outage outlasts that window the error is still thrown, so the caller
 * answers, and the same write goes on being tried in the background every five seconds for up to
 * ten minutes, so a record the outage interrupted is completed once the database is back.
 */
export async function retryThenKeepTrying<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await retryWhileDisconnected(write);
  } catch (err) {
    if (isConnectionError(err)) void keepTrying(what, write);
    throw err;
  }
}

async function keepTrying(what: string, write: () => Promise<unknown>): Promise<void> {
  log.warn(`${what}: the database is still unreachable; trying again in the background`, { everyMs: BACKGROUND_EVERY_MS });
  for (const until = Date.now() + BACKGROUND_FOR_MS; Date.now() < until;) {
    await sleep(BACKGROUND_EVERY_MS, true);
    try {
      await write();
      log.info(`${what}: recorded once the database was back`);
      return;
    } catch (err) {
      if (!isConnectionError(err)) {
        log.error(`${what}: failed`, { err });
        return;
      }
    }
  }
  log.error(`${what}: the database stayed unreachable; given up`, { forMs: BACKGROUND_FOR_MS });
}
