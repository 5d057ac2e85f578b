// GET /api/health/live — liveness: the process answers HTTP. No database check (a database
// outage is readiness's business; restarting the app would not fix it), no authentication.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
