// POST /api/oauth/token — the OAuth token endpoint: authorization_code (PKCE) and refresh_token grants (docs/oauth.md)
import { tokenEndpoint } from "@/lib/oauth/server";

export const POST = (req: Request) => tokenEndpoint(req);
