// POST /api/oauth/authorize — the consent screen's approve/deny form (session; same origin) (docs/oauth.md)
import type { NextRequest } from "next/server";
import { approvalEndpoint } from "@/lib/oauth/approval-endpoint";

export const POST = (req: NextRequest) => approvalEndpoint(req);
