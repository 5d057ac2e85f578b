// The staff API's one credential: `Authorization: Bearer <STAFF_API_TOKEN>`. Sessions and
// customer API keys are never staff: a cookie is ignored, and a customer key is simply not the
// token. The comparison is constant-time and the token never reaches a log or a response.
import { AppError } from "@/lib/errors/app-error";
import { bearerToken } from "@/lib/http/authenticate";
import { safeEqual } from "@/lib/crypto/tokens";
import { env } from "@/lib/env";

/** The configured token, or null when the staff API is off (STAFF_API_TOKEN unset). */
export const staffToken = (): string | null => env().STAFF_API_TOKEN ?? null;

export function assertStaff(req: Request, expected: string): void {
  const presented = bearerToken(req);
  // safeEqual hashes both sides first, so neither the token's content nor its length leaks.
  if (!presented || !safeEqual(presented, expected)) {
    throw new AppError("UNAUTHORIZED", "This route needs the staff API token (Authorization: Bearer <STAFF_API_TOKEN>)", undefined, {
      "WWW-Authenticate": 'Bearer realm="staff"',
    });
  }
}
