// Runs before routing, for pages and sign-in (every path but /api/, /t/ and the build's files),
// and for /api paths holding a percent sign (see the matcher). The API's requests never reach
// it, so what every send and health check pays is unchanged.
// - on a domain's tracking host (lib/tracking/tracking-hosts.ts), pages and sign-in answer 404,
//   so no session cookie or sign-in form ever lives under a name in a tenant's DNS. On the
//   instance's own host this costs one comparison; on another host, a lookup in a set read at
//   most every few seconds.
// - an /api path with a malformed percent-escape is refused with 400 in the API family's error
//   shape, where Next.js's router would fail to decode it and answer a bare 500
//   (lib/http/malformed-path.ts).
import { NextResponse, type NextRequest } from "next/server";
import { malformedPathResponse } from "@/lib/http/malformed-path";
import { isTrackingOnlyHost } from "@/lib/tracking/tracking-hosts";

export async function proxy(req: NextRequest) {
  const pathname = new URL(req.url).pathname;
  const api = pathname.startsWith("/api/");
  if ((!api || pathname.startsWith("/api/auth/")) && (await isTrackingOnlyHost(req.headers))) {
    return new NextResponse("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return (api && pathname.includes("%") && malformedPathResponse(pathname)) || NextResponse.next();
}

export const config = { matcher: ["/api/:path(.*%.*)", "/api/auth/:path*", "/((?!api/|t/|_next/).*)"] };
