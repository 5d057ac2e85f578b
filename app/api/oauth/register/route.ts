// POST /api/oauth/register — dynamic client registration for public apps (RFC 7591) (docs/oauth.md)
import { registrationEndpoint } from "@/lib/oauth/registration-endpoint";

export const POST = (req: Request) => registrationEndpoint(req);
