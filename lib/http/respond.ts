// Rendering of results and errors, one function per API family (SPEC Errors).
import { AppError } from "@/lib/http/errors";
import { isConnectionError } from "@/lib/db/errors";
import { log } from "@/lib/log";

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

/** v1: {error, code, requestId}; an invalid or missing key is exactly {error: "Invalid API key"}. */
export function v1Error(err: unknown, requestId: string, route: string, headers: Record<string, string>): Response {
  const e = asAppError(err, requestId, route);
  const h = { ...headers, ...e.headers, "X-Request-Id": requestId };
  if (e.code === "INVALID_API_KEY") return json({ error: e.message }, e.status, h);
  return json({ error: e.message, code: e.code, requestId }, e.status, h);
}

/** Legacy: {error, code}; an invalid key is exactly {error: "Invalid API key"} here too. */
export function legacyError(err: unknown, requestId: string, route: string, headers: Record<string, string>): Response {
  const e = asAppError(err, requestId, route);
  const h = { ...headers, ...e.headers, "X-Request-Id": requestId };
  if (e.code === "INVALID_API_KEY") return json({ error: e.message }, e.status, h);
  return json({ error: e.message, code: e.code }, e.status, h);
}
