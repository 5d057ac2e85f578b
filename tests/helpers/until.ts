// Polling for what the server does in the background (jobs, deliveries): read until `ok` holds or
// the time is up, then hand back the last reading for the caller to assert on, so a timeout fails
// with what was seen rather than with "timed out".
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, { timeoutMs = 30_000, everyMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await sleep(everyMs);
  }
}
