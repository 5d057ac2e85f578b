// POST /api/oauth/token — the OAuth token endpoint: authorization_code (PKCE) and refresh_token grants (docs/oauth.md)
// OPTIONS — its CORS preflight (browser apps).
import { oauthPreflight } from "@/lib/oauth/cors";
import { tokenEndpoint } from "@/lib/oauth/server";
import { plainRoute } from "@/lib/http/plain-route";

export const POST = plainRoute((req: Request) => tokenEndpoint(req));
export const OPTIONS = plainRoute(() => oauthPreflight("POST"), { waitsForStart: false });
