// GET /.well-known/oauth-authorization-server — authorization server metadata (RFC 8414)
// OPTIONS — its CORS preflight (browser MCP clients send MCP-Protocol-Version).
import { authorizationServerMetadata } from "@/lib/oauth/metadata";
import { OAUTH_CORS, oauthPreflight } from "@/lib/oauth/cors";

export const dynamic = "force-dynamic";

export const GET = () =>
  Response.json(authorizationServerMetadata(), { headers: { ...OAUTH_CORS, "cache-control": "public, max-age=300" } });
export const OPTIONS = () => oauthPreflight("GET, HEAD");
