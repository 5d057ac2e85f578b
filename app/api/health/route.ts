// GET /api/health — database check, no authentication; answers once the server has started.
import { db } from "@/lib/db/client";
import { plainRoute } from "@/lib/http/plain-route";

export const dynamic = "force-dynamic";

export const GET = plainRoute(async () => {
  try {
    await db().$queryRaw`SELECT 1`;
    return Response.json({ status: "ok", database: "ok" });
  } catch {
    return Response.json({ status: "error", database: "error" }, { status: 503 });
  }
});
