// GET /.well-known/oauth-protected-resource — RFC 9728 protected-resource metadata (public).
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
