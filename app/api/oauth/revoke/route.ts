// POST /api/oauth/revoke — token revocation (RFC 7009) (docs/oauth.md)
// OPTIONS — its CORS preflight (browser apps).
import { oauthPreflight } from "@/lib/oauth/cors";
import { revocationEndpoint } from "@/lib/oauth/server";
import { plainRoute } from "@/lib/http/plain-route";

export const POST = plainRoute((req: Request) => revocationEndpoint(req));
export const OPTIONS = plainRoute(() => oauthPreflight("POST"), { waitsForStart: false });
