// A request path under /api with a malformed percent-escape ("%zz", a cut-off UTF-8 sequence
// such as "%E0%A4%A") cannot be routed: Next.js's router fails to decode it and answers a bare
// 500. proxy.ts sends such paths here first, to be answered as the 400 they are, in the API
// family's error shape.
import { AppError } from "@/lib/errors/app-error";
import { legacyFamily, v1Family } from "@/lib/http/families";
import { newRequestId } from "@/lib/http/request-id";
import { errorResponse } from "@/lib/http/respond";

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** The refusal for a path that does not decode, or null when every segment does. */
export function malformedPathResponse(rawPath: string): Response | null {
  const pathname = rawPath.split(/[?#]/, 1)[0];
  if (pathname.split("/").every(decodes)) return null;
  const err = new AppError("VALIDATION_ERROR", "Malformed percent-encoding in the request path", [
    { path: "path", message: "malformed percent-encoding" },
  ]);
  return errorResponse(pathname.startsWith("/api/v1/") ? v1Family : legacyFamily, err, newRequestId(), pathname);
}
