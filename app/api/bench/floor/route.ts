// GET /api/bench/floor — the benchmark's reference: what a bare Next.js route doing the same
// `SELECT 1` as /api/health costs on this build, with none of the request core (no request id,
// log line or start-up wait). `npm run bench` turns it on with MAILROOM_BENCH_FLOOR=1; otherwise
// it answers as an unknown API route does.
import { db } from "@/lib/db/client";
import { legacyFamily } from "@/lib/http/families";
import { unknownRoute } from "@/lib/http/unknown-route";

export const dynamic = "force-dynamic";

const notFound = unknownRoute(legacyFamily);

export async function GET(req: Request): Promise<Response> {
  if (process.env.MAILROOM_BENCH_FLOOR !== "1") return notFound(req);
  await db().$queryRaw`SELECT 1`;
  return Response.json({ status: "ok", database: "ok" });
}
