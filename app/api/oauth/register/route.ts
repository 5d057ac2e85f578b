// POST /api/oauth/register — dynamic client registration for public apps (RFC 7591) (docs/oauth.md)
// OPTIONS — its CORS preflight (browser apps send JSON).
import { oauthPreflight } from "@/lib/oauth/cors";
import { registrationEndpoint } from "@/lib/oauth/registration-endpoint";

export const POST = (req: Request) => registrationEndpoint(req);
export const OPTIONS = () => oauthPreflight("POST");
