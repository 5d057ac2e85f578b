// POST /api/oauth/register — dynamic client registration for public apps (RFC 7591) (docs/oauth.md)
// OPTIONS — its CORS preflight (browser apps send JSON).
import { oauthPreflight } from "@/lib/oauth/cors";
import { registrationEndpoint } from "@/lib/oauth/registration-endpoint";
import { plainRoute } from "@/lib/http/plain-route";

export const POST = plainRoute((req: Request) => registrationEndpoint(req));
export const OPTIONS = plainRoute(() => oauthPreflight("POST"), { waitsForStart: false });
