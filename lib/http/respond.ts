// Rendering of results, and of any failure as the AppError its answer shows, in the shape of
// the family answering it (lib/http/families.ts).
import { AppError } from "@/lib/errors/app-error";
import { isConnectionError } from "@/lib/db/errors";
import { log } from "@/lib/log";
import type { Family } from "@/lib/http/handle-request";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

/** Seconds a caller is asked to wait when the database cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Any failure as the AppError its answer shows: a domain refusal as it is; a lost or refused
 * database connection (a restart, a failover) as 503 with Retry-After, since trying again
 * shortly may succeed; anything else logged with the request id and answered without details.
 */
export function asAppError(err: unknown, requestId: string, route: string): AppError {
  if (err instanceof AppError) return err;
  if (isConnectionError(err)) {
    log.warn("the database could not be reached", { requestId, route, err });
    return new AppError("SERVICE_UNAVAILABLE", "The database cannot be reached right now; try again in a few seconds", undefined, {
      "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  log.error("unhandled error", { requestId, route, err });
  return new AppError("INTERNAL_ERROR", "Internal server error");
}

/** A failure as the family answers it: its error body, the error's headers (Retry-After) and X-Request-Id. */
export function errorResponse(
  family: Family,
  err: unknown,
  requestId: string,
  route: string,
  headers: Record<string, string> = {},
): Response {
  const e = asAppError(err, requestId, route);
  const h = { ...family.headers, ...headers, ...e.headers, ...family.errorHeaders?.(e), "X-Request-Id": requestId };
  return json(family.errorBody(e, requestId), e.status, h);
}
