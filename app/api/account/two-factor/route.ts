// GET /api/account/two-factor — {enabled, verifiedAt, freshUntil} for the signed-in user (dashboard)
import { legacyRoute } from "@/lib/http/legacy-route";
import { toWire } from "@/lib/http/wire";
import { twoFactorStatusSchema } from "@/lib/two-factor/schemas";
import { twoFactorStatus } from "@/lib/two-factor/two-factor";

export const GET = legacyRoute({ access: "session" }, async ({ principal }) => ({
  body: toWire(twoFactorStatusSchema, await twoFactorStatus(principal.userId)),
}));
