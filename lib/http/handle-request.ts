// The one request core every API route goes through, whatever its family: it gives the request
// its id, waits for the process to start, runs the handler, turns any failure into the family's
// error shape (SPEC Errors; a 429's Retry-After and a 503's come with the AppError, see
// too-many-requests.ts) and logs the request once (method, route, status, duration), with the
// request's id and route on every line logged while it runs (lib/log-context.ts).
// The route is the operation's template where the wrapper knows it, else the path: never the
// query string, which can hold tokens. A request arriving while the process starts waits for it
// first (after-start.ts), except on routes that must answer at once (liveness, readiness).
import { startingResponse } from "@/lib/boot/after-start";
import type { AppError } from "@/lib/errors/app-error";
import { newRequestId } from "@/lib/http/request-id";
import { errorResponse } from "@/lib/http/respond";
import { log } from "@/lib/log";
import { withRequestFields } from "@/lib/log-context";

/** How one API family answers (lib/http/families.ts and the family wrappers). */
export interface Family {
  /** The body of a refusal in the family's SPEC shape. */
  errorBody(e: AppError, requestId: string): unknown;
  /** Headers on every answer of the family, success or refusal (the staff API's no-store). */
  headers?: Record<string, string>;
  /** Headers on a refusal besides the error's own (MCP's authentication challenge). */
  errorHeaders?(e: AppError): Record<string, string>;
  /** false: the handler answers in a protocol of its own (OAuth, next-auth, Inngest, health):
   * its Response leaves as it is, and only a failure it does not handle is answered here. */
  requestIdHeader: boolean;
}

export interface RequestPlan {
  family: Family;
  /** What the log line names: `GET /api/v1/projects/{id}`, or the method and path. */
  route: string;
  /** false: answer at once even while the process starts. Default true. */
  waitsForStart?: boolean;
}

/** The handler's part: the answer, given the request id and the response headers known so far
 * (X-Request-Id, the family's own; rate-limit headers are added as the caller is identified). */
export type Answer = (requestId: string, headers: Record<string, string>) => Promise<Response>;

/** The method and path, the log's route where no operation template is known. */
export const routeOf = (req: Request): string => `${req.method} ${new URL(req.url).pathname}`;

export function handleRequest(req: Request, plan: RequestPlan, answer: Answer): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  return withRequestFields({ requestId, route: plan.route }, async () => {
    const res = ((plan.waitsForStart ?? true) && (await startingResponse())) || (await run(plan, requestId, answer));
    const fields = { method: req.method, status: res.status, durationMs: Math.round(performance.now() - started) };
    if (res.status >= 500) log.error("request failed", fields);
    else log.info("request", fields);
    return res;
  });
}

async function run({ family, route }: RequestPlan, requestId: string, answer: Answer): Promise<Response> {
  const headers: Record<string, string> = family.requestIdHeader ? { ...family.headers, "X-Request-Id": requestId } : {};
  try {
    return await answer(requestId, headers);
  } catch (err) {
    return errorResponse(family, err, requestId, route, headers);
  }
}
