// HTTP answers for MCP requests refused before they reach the protocol: 401 with an RFC 6750
// challenge pointing at the protected-resource metadata (RFC 9728) so MCP clients can find
// the authorization server, 429 with Retry-After, 500 for the unexpected.
import { asAppError } from "@/lib/http/respond";
import { mcpResourceMetadataUrl } from "@/lib/mcp/urls";

function challenge(invalidToken: boolean): string {
  const params = [`resource_metadata="${mcpResourceMetadataUrl()}"`];
  if (invalidToken) params.unshift('error="invalid_token"', 'error_description="The credential is invalid, revoked or expired"');
  return `Bearer ${params.join(", ")}`;
}

export function mcpRefusal(err: unknown, requestId: string, headers: Record<string, string>): Response {
  const e = asAppError(err, requestId, "MCP /api/mcp");
  const h: Record<string, string> = { ...headers, ...e.headers, "X-Request-Id": requestId };
  // A missing credential gets the bare challenge; a presented but unusable one says why.
  if (e.status === 401) h["WWW-Authenticate"] = challenge(e.code !== "UNAUTHORIZED");
  return Response.json({ error: e.message, code: e.code, requestId }, { status: e.status, headers: h });
}
