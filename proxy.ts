// Runs before routing, for every request but static assets and the liveness and readiness
// routes (see the matcher):
// - while the instance is still starting (migrations, runners; instrumentation.ts boots in the
//   background), the request waits until it has started, as it would have waited for Next.js
//   itself before; the readiness route meanwhile answers 503;
// - an /api path with a malformed percent-escape is refused with 400 in the API family's error
//   shape, where Next.js's router would fail to decode it and answer a bare 500
//   (lib/http/malformed-path.ts).
import { NextResponse, type NextRequest } from "next/server";
import { malformedPathResponse } from "@/lib/http/malformed-path";
import { phase, started } from "@/lib/boot/lifecycle";

export async function proxy(req: NextRequest) {
  // Where no boot runs in this process (a platform running the proxy apart from the app),
  // the phase stays "starting" and nothing must wait on it.
  if (phase() === "starting" && process.env.NEXT_RUNTIME === "nodejs" && !process.env.VERCEL) await started();
  const { pathname } = req.nextUrl;
  if (pathname.startsWith("/api/") && pathname.includes("%")) return malformedPathResponse(pathname) ?? NextResponse.next();
  return NextResponse.next();
}

export const config = {
  matcher: ["/api/:path(.*%.*)", "/((?!_next/static|_next/image|favicon\\.ico|api/health/live|api/health/ready).*)"],
};
