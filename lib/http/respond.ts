// Rendering of results and errors, one function per API family (SPEC Errors).
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

function asAppError(err: unknown, requestId: string, route: string): AppError {
  if (err instanceof AppError) return err;
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
