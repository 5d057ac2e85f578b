// GET /api/health/ready — readiness for a load balancer or orchestrator: 200 when this
// instance should get traffic, else 503 saying why (starting, stopping, database unavailable).
import { readiness } from "@/lib/boot/readiness";
import { plainRoute } from "@/lib/http/plain-route";

export const dynamic = "force-dynamic";

export const GET = plainRoute(
  async () => {
    const { ready, ...body } = await readiness();
    return Response.json(body, { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  },
  { waitsForStart: false },
);
