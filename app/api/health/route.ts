// GET /api/health — database check, no authentication; answers once the server has started.
import { db } from "@/lib/db/client";
import { afterStart } from "@/lib/boot/after-start";

export const dynamic = "force-dynamic";

export const GET = afterStart(async () => {
  try {
    await db().$queryRaw`SELECT 1`;
    return Response.json({ status: "ok", database: "ok" });
  } catch {
    return Response.json({ status: "error", database: "error" }, { status: 503 });
  }
});
