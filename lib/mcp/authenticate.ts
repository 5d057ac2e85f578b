// The MCP endpoint accepts bearer credentials only (SPEC Authentication): an API key or an
// app's OAuth access token. A session cookie is never read here, so a signed-in browser
// cannot be driven into calling tools (no CSRF surface), and a request without a bearer
// credential is refused even when it carries a valid session.
import type { AuthInfo } from "@modelcontextprotocol/server";
import { AppError } from "@/lib/errors/app-error";
import { authenticateBearer, bearerToken } from "@/lib/http/authenticate";
import { applyKeyRate } from "@/lib/http/rate-limit-key";
import type { Principal } from "@/lib/auth/principal";
import { mcpResourceMetadataUrl, mcpResourceUrl } from "@/lib/mcp/urls";

/** Who an MCP request is from, handed to the per-request server through the SDK's AuthInfo. */
export interface McpCaller {
  principal: Principal;
  requestId: string;
}

/** The caller of an MCP request; fills `headers` with the rate-limit headers (MCP requests
 * count in the same per-key limiter as v1 requests). Throws UNAUTHORIZED without a bearer
 * credential, INVALID_API_KEY for a bad one, RATE_LIMITED past the key's allowance. */
export async function authenticateMcp(req: Request, headers: Record<string, string>): Promise<{ principal: Principal; token: string }> {
  const token = bearerToken(req);
  if (token === null) {
    throw new AppError(
      "UNAUTHORIZED",
      "Authentication required: send an API key or OAuth access token as Authorization: Bearer <token> (session cookies are not accepted)",
    );
  }
  const { principal, rate } = await authenticateBearer(token);
  applyKeyRate(rate, headers);
  return { principal, token };
}

export function authInfoOf(principal: Principal, token: string, requestId: string): AuthInfo {
  const caller: McpCaller = { principal, requestId };
  return {
    token,
    clientId: principal.kind === "oauth" ? principal.clientId : principal.kind === "key" ? principal.keyId : principal.userId,
    scopes: principal.kind === "session" ? [] : principal.scopes,
    resource: new URL(mcpResourceUrl()),
    resourceMetadataUrl: mcpResourceMetadataUrl(),
    extra: { caller },
  };
}

export function callerOf(authInfo: AuthInfo | undefined): McpCaller {
  const caller = authInfo?.extra?.caller as McpCaller | undefined;
  // serveMcp authenticates before the SDK sees the request; this is only a guard.
  if (!caller?.principal) throw new Error("MCP request reached the server without an authenticated caller");
  return caller;
}
