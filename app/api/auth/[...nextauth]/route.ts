// GET/POST /api/auth/* — next-auth (sign-in, sign-out, session, csrf), behind lib/auth/auth-route.ts's checks.
import { authRoute } from "@/lib/auth/auth-route";
import { plainRoute } from "@/lib/http/plain-route";

// next-auth is built on first use, not at import: the build must not need the runtime secrets.
const started = plainRoute(authRoute);
export { started as GET, started as POST };
