// POST /api/oauth/authorize — the consent screen's approve/deny form (session; same origin) (docs/oauth.md)
import type { NextRequest } from "next/server";
import { approvalEndpoint } from "@/lib/oauth/approval-endpoint";
import { afterStart } from "@/lib/boot/after-start";

export const POST = afterStart((req: NextRequest) => approvalEndpoint(req));
