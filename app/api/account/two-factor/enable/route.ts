// POST /api/account/two-factor/enable — {code} from the authenticator app (dashboard)
import { legacyRoute } from "@/lib/http/legacy-route";
import { codeSchema, twoFactorStatusSchema } from "@/lib/two-factor/schemas";
import { enableTwoFactor } from "@/lib/two-factor/two-factor";

export const POST = legacyRoute({ access: "session", body: codeSchema, response: twoFactorStatusSchema }, async ({ principal, body }) => ({
  body: await enableTwoFactor(principal.userId, body.code),
}));
