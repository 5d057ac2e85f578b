// The MCP endpoint's family: requests refused before they reach the protocol answer
// {error, code, requestId}; a 401 carries an RFC 6750 challenge pointing at the
// protected-resource metadata (RFC 9728) so MCP clients can find the authorization server.
import type { Family } from "@/lib/http/handle-request";
import { mcpResourceMetadataUrl } from "@/lib/mcp/urls";

function challenge(invalidToken: boolean): string {
  const params = [`resource_metadata="${mcpResourceMetadataUrl()}"`];
  if (invalidToken) params.unshift('error="invalid_token"', 'error_description="The credential is invalid, revoked or expired"');
  return `Bearer ${params.join(", ")}`;
}

export const mcpFamily: Family = {
  errorBody: (e, requestId) => ({ error: e.message, code: e.code, requestId }),
  // A missing credential gets the bare challenge; a presented but unusable one says why.
  errorHeaders: (e): Record<string, string> => (e.status === 401 ? { "WWW-Authenticate": challenge(e.code !== "UNAUTHORIZED") } : {}),
  requestIdHeader: true,
};
