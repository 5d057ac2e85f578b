// Any other /api/v1 path — 404 NOT_FOUND in the v1 error shape, with a request id.
import { AppError } from "@/lib/http/errors";
import { newRequestId } from "@/lib/http/request-id";
import { v1Error } from "@/lib/http/respond";

function notFound(req: Request): Response {
  const { pathname } = new URL(req.url);
  return v1Error(new AppError("NOT_FOUND", `No API route ${req.method} ${pathname}`), newRequestId(), pathname, {});
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
