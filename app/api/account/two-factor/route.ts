// GET /api/account/two-factor — {enabled, verifiedAt, freshUntil} for the signed-in user (dashboard)
import { legacyRoute } from "@/lib/http/legacy-route";
import { twoFactorStatusSchema } from "@/lib/two-factor/schemas";
import { twoFactorStatus } from "@/lib/two-factor/two-factor";

export const GET = legacyRoute({ access: "session", response: twoFactorStatusSchema }, async ({ principal }) => ({
  body: await twoFactorStatus(principal.userId),
}));
