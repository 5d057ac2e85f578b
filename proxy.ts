// Runs before routing, for every path but /t/ (tracking) and the build's static files:
// - on a domain's tracking host (lib/tracking/tracking-hosts.ts), only /t/ is served: anything
//   else answers 404, so the dashboard, sign-in and API never run under a name in a tenant's
//   DNS. On the instance's own host this costs one comparison; on another host, a lookup in a
//   set read at most every few seconds.
// - an /api path with a malformed percent-escape is refused with 400 in the API family's error
//   shape, where Next.js's router would fail to decode it and answer a bare 500
//   (lib/http/malformed-path.ts).
import { NextResponse, type NextRequest } from "next/server";
import { malformedPathResponse } from "@/lib/http/malformed-path";
import { isTrackingOnlyHost } from "@/lib/tracking/tracking-hosts";

export async function proxy(req: NextRequest) {
  if (await isTrackingOnlyHost(req.headers)) {
    return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const pathname = new URL(req.url).pathname;
  return (pathname.startsWith("/api/") && pathname.includes("%") && malformedPathResponse(pathname)) || NextResponse.next();
}

export const config = { matcher: ["/((?!t/|_next/static/).*)"] };
