// Requests that reach this process while it is still starting (instrumentation.ts boots in the
// background: migrations, the first owner, the runners) wait until it has started, as they
// waited for Next.js itself before — at most START_WAIT_MS, then 503 with Retry-After — so none
// meets a database halfway through its migrations. The readiness route meanwhile answers 503.
// Every API route waits here (lib/http/handle-request.ts); route handlers outside /api are
// wrapped in afterStart, pages wait in the root layout. Liveness and readiness never wait.
import { bootRunsHere, phase, started } from "@/lib/boot/lifecycle";
import { within } from "@/lib/boot/within";

const START_WAIT_MS = 30_000;

/** Resolves true once started (at once when it has, or when no boot runs in this process). */
export async function waitForStart(): Promise<boolean> {
  if (!bootRunsHere() || phase() !== "starting") return true;
  return within(
    started().then(() => true),
    START_WAIT_MS,
    false,
  );
}

/** Null once started; a 503 when the wait is over first. */
export async function startingResponse(): Promise<Response | null> {
  if (await waitForStart()) return null;
  return Response.json({ error: "Mailroom is starting; try again in a few seconds" }, { status: 503, headers: { "Retry-After": "5" } });
}

/** A route handler that runs once the process has started. */
export function afterStart<A extends unknown[]>(handler: (...args: A) => Response | Promise<Response>) {
  return async (...args: A): Promise<Response> => (await startingResponse()) ?? handler(...args);
}
