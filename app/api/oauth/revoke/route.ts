// POST /api/oauth/revoke — token revocation (RFC 7009) (docs/oauth.md)
import { revocationEndpoint } from "@/lib/oauth/server";

export const POST = (req: Request) => revocationEndpoint(req);
