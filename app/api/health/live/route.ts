// GET /api/health/live — liveness: the process answers HTTP. No database check (a database
// outage is readiness's business; restarting the app would not fix it), no authentication.
import { plainRoute } from "@/lib/http/plain-route";

export const dynamic = "force-dynamic";

export const GET = plainRoute(() => Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }), {
  waitsForStart: false,
});
