// Any other /api path — 404 {error, code} in the legacy shape.
import { AppError } from "@/lib/http/errors";
import { newRequestId } from "@/lib/http/request-id";
import { legacyError } from "@/lib/http/respond";

function notFound(req: Request): Response {
  const { pathname } = new URL(req.url);
  return legacyError(new AppError("NOT_FOUND", `No API route ${req.method} ${pathname}`), newRequestId(), pathname, {});
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
