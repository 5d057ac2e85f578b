// GET /.well-known/oauth-protected-resource/api/mcp — the MCP endpoint's RFC 9728 metadata,
// at the path-aware location its 401 challenges name (public).
// OPTIONS — its CORS preflight.
import { protectedResourceMetadataPreflight, protectedResourceMetadataResponse } from "@/lib/mcp/protected-resource";

// Built from APP_URL at request time, never at build time.
export const dynamic = "force-dynamic";

export function GET() {
  return protectedResourceMetadataResponse();
}

export function OPTIONS(req: Request) {
  return protectedResourceMetadataPreflight(req);
}
