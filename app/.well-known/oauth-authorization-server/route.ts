// GET /.well-known/oauth-authorization-server — authorization server metadata (RFC 8414)
import { authorizationServerMetadata } from "@/lib/oauth/metadata";

export const dynamic = "force-dynamic";

export const GET = () => Response.json(authorizationServerMetadata(), { headers: { "access-control-allow-origin": "*", "cache-control": "public, max-age=300" } });
