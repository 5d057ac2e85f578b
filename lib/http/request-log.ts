// One log line per API request (method, route, status, duration), and the request's id and
// route on every line logged while it runs (lib/log-context.ts). The route is the operation's
// template where the wrapper knows it, else the path: never the query string, which can hold
// tokens. A request arriving while the process starts waits for it first (after-start.ts).
import { log } from "@/lib/log";
import { withRequestFields } from "@/lib/log-context";
import { startingResponse } from "@/lib/boot/after-start";
import { newRequestId } from "@/lib/http/request-id";

/** Gives the request its id and runs `answer` with it, logged. */
export async function loggedRequest(req: Request, route: string, answer: (requestId: string) => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  return withRequestFields({ requestId, route }, async () => {
    const res = (await startingResponse()) ?? (await answer(requestId));
    const fields = { method: req.method, status: res.status, durationMs: Math.round(performance.now() - started) };
    if (res.status >= 500) log.error("request failed", fields);
    else log.info("request", fields);
    return res;
  });
}
