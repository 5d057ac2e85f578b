// HTTP answers for MCP requests refused before they reach the protocol: 401 with an RFC 6750
// challenge pointing at the protected-resource metadata (RFC 9728) so MCP clients can find
// the authorization server, 429 with Retry-After, 500 for the unexpected.
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { mcpResourceMetadataUrl } from "@/lib/mcp/urls";

function challenge(invalidToken: boolean): string {
  const params = [`resource_metadata="${mcpResourceMetadataUrl()}"`];
  if (invalidToken) params.unshift('error="invalid_token"', 'error_description="The credential is invalid, revoked or expired"');
  return `Bearer ${params.join(", ")}`;
}

export function mcpRefusal(err: unknown, requestId: string, headers: Record<string, string>): Response {
  let e: AppError;
  if (err instanceof AppError) e = err;
  else {
    log.error("unhandled error", { requestId, route: "MCP /api/mcp", err });
    e = new AppError("INTERNAL_ERROR", "Internal server error");
  }
  const h: Record<string, string> = { ...headers, ...e.headers, "X-Request-Id": requestId };
  // A missing credential gets the bare challenge; a presented but unusable one says why.
  if (e.status === 401) h["WWW-Authenticate"] = challenge(e.code !== "UNAUTHORIZED");
  return Response.json({ error: e.message, code: e.code, requestId }, { status: e.status, headers: h });
}
