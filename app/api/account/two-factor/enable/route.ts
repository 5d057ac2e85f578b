// POST /api/account/two-factor/enable — {code} from the authenticator app (dashboard)
import { legacyRoute } from "@/lib/http/legacy-route";
import { toWire } from "@/lib/http/wire";
import { codeSchema, twoFactorStatusSchema } from "@/lib/two-factor/schemas";
import { enableTwoFactor } from "@/lib/two-factor/two-factor";

export const POST = legacyRoute({ access: "session", body: codeSchema }, async ({ principal, body }) => ({
  body: toWire(twoFactorStatusSchema, await enableTwoFactor(principal.userId, body.code)),
}));
