// Step one of every API request: who is calling, and (for keys) the request-rate check.
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import type { Principal } from "@/lib/auth/principal";
import { authenticateBearer, authenticateSession, bearerToken } from "@/lib/http/authenticate";
import { applyKeyRate } from "@/lib/http/rate-limit-key";
import { assertSameOrigin } from "@/lib/http/same-origin";

export interface IdentifyOptions {
  /** false: dashboard-only route, a key gets 403 SESSION_ONLY. */
  allowKeys: boolean;
  /** Headers for the response, filled in as they become known (rate-limit headers). */
  headers: Record<string, string>;
}

export async function identify(req: NextRequest, { allowKeys, headers }: IdentifyOptions): Promise<Principal | null> {
  const token = bearerToken(req);
  if (token !== null) {
    if (!allowKeys) {
      throw new AppError("SESSION_ONLY", "This route accepts only a dashboard session; use the /api/v1 equivalent");
    }
    const { principal, rate } = await authenticateBearer(token);
    applyKeyRate(rate, headers);
    return principal;
  }
  const session = await authenticateSession(req);
  if (session) assertSameOrigin(req);
  return session;
}
