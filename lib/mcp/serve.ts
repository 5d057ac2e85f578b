// /api/mcp: authenticate the bearer credential (and count it in the per-key rate limit), read
// the body once (size and depth capped; every JSON-RPC request of a batch counted), then let
// the SDK's Streamable HTTP handler serve the request with a server built for the caller.
// Both protocol eras are served statelessly: 2026-07-28 per-request envelopes, and 2025-era
// clients (initialize handshake) through the SDK's stateless fallback.
import { createMcpHandler } from "@modelcontextprotocol/server";
import { handleRequest } from "@/lib/http/handle-request";
import { setRequestOrg } from "@/lib/log-context";
import { log } from "@/lib/log";
import { authenticateMcp, authInfoOf, callerOf } from "@/lib/mcp/authenticate";
import { countExtraRequests } from "@/lib/mcp/count-requests";
import { MCP_BODY_LIMIT, readMcpBody, requestCount } from "@/lib/mcp/read-request";
import { mcpFamily } from "@/lib/mcp/family";
import { mcpServerFor } from "@/lib/mcp/server";

const handler = createMcpHandler(({ authInfo }) => mcpServerFor(callerOf(authInfo)), {
  onerror: (err) => log.warn("MCP request rejected", { err }),
  maxRequestBodySize: MCP_BODY_LIMIT,
});

/** The SDK's response with our headers added (rate limit, request id). */
function withHeaders(res: Response, headers: Record<string, string>): Response {
  const merged = new Headers(res.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: merged });
}

export function serveMcp(req: Request): Promise<Response> {
  return handleRequest(req, { family: mcpFamily, route: `${req.method} /api/mcp` }, async (requestId, headers) => {
    const { principal, token } = await authenticateMcp(req, headers);
    setRequestOrg(principal.orgId);
    const { forward, parsed } = await readMcpBody(req);
    if (parsed !== undefined) await countExtraRequests(principal, requestCount(parsed) - 1, headers);
    const res = await handler.fetch(forward, {
      authInfo: authInfoOf(principal, token, requestId),
      ...(parsed !== undefined && { parsedBody: parsed }),
    });
    return withHeaders(res, headers);
  });
}
