// POST /api/oauth/token — the OAuth token endpoint: authorization_code (PKCE) and refresh_token grants (docs/oauth.md)
// OPTIONS — its CORS preflight (browser apps).
import { oauthPreflight } from "@/lib/oauth/cors";
import { tokenEndpoint } from "@/lib/oauth/server";
import { afterStart } from "@/lib/boot/after-start";

export const POST = afterStart((req: Request) => tokenEndpoint(req));
export const OPTIONS = () => oauthPreflight("POST");
