// RFC 9728 protected-resource metadata for the MCP endpoint: how an MCP client that was
// refused with 401 finds the authorization server and the scopes it can ask for. Public, and
// readable cross-origin so browser-based MCP clients can discover it too.
import type { OAuthProtectedResourceMetadata } from "@modelcontextprotocol/server";
import { APP_SCOPES } from "@/lib/oauth/scopes";
import { appBaseUrl, mcpResourceUrl } from "@/lib/mcp/urls";

export function protectedResourceMetadata(): OAuthProtectedResourceMetadata {
  return {
    resource: mcpResourceUrl(),
    authorization_servers: [appBaseUrl()],
    bearer_methods_supported: ["header"],
    // What an app can be granted: the authorization server's own list ("*" is a key's alone).
    scopes_supported: APP_SCOPES,
    resource_name: "Mailroom",
  };
}

const CORS = { "Access-Control-Allow-Origin": "*" };

export function protectedResourceMetadataResponse(): Response {
  return Response.json(protectedResourceMetadata(), { headers: { ...CORS, "Cache-Control": "public, max-age=300" } });
}

/** The CORS preflight a browser sends before reading the document with a custom header (MCP clients send MCP-Protocol-Version). */
export function protectedResourceMetadataPreflight(req: Request): Response {
  const requested = req.headers.get("access-control-request-headers");
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS,
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      ...(requested && { "Access-Control-Allow-Headers": requested, Vary: "Access-Control-Request-Headers" }),
    },
  });
}
