// POST /api/oauth/authorize — the consent screen's approve/deny form (session; same origin) (docs/oauth.md)
import type { NextRequest } from "next/server";
import { approvalEndpoint } from "@/lib/oauth/approval-endpoint";
import { plainRoute } from "@/lib/http/plain-route";

export const POST = plainRoute((req: NextRequest) => approvalEndpoint(req));
