// POST /api/account/two-factor/setup — a new secret and otpauth:// URL, shown this once (dashboard)
import { legacyRoute } from "@/lib/http/legacy-route";
import { enrollmentSchema } from "@/lib/two-factor/schemas";
import { startEnrollment } from "@/lib/two-factor/two-factor";

export const POST = legacyRoute({ access: "session", response: enrollmentSchema }, async ({ principal }) => ({
  body: await startEnrollment(principal.userId),
}));
