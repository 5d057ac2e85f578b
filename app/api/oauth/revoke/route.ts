// POST /api/oauth/revoke — token revocation (RFC 7009) (docs/oauth.md)
// OPTIONS — its CORS preflight (browser apps).
import { oauthPreflight } from "@/lib/oauth/cors";
import { revocationEndpoint } from "@/lib/oauth/server";
import { afterStart } from "@/lib/boot/after-start";

export const POST = afterStart((req: Request) => revocationEndpoint(req));
export const OPTIONS = () => oauthPreflight("POST");
