// POST /api/oauth/register — dynamic client registration for public apps (RFC 7591) (docs/oauth.md)
// OPTIONS — its CORS preflight (browser apps send JSON).
import { oauthPreflight } from "@/lib/oauth/cors";
import { registrationEndpoint } from "@/lib/oauth/registration-endpoint";
import { afterStart } from "@/lib/boot/after-start";

export const POST = afterStart((req: Request) => registrationEndpoint(req));
export const OPTIONS = () => oauthPreflight("POST");
