// Runs before routing, only for /api paths holding a percent sign (see the matcher): a path
// with a malformed percent-escape is refused with 400 in the API family's error shape, where
// Next.js's router would fail to decode it and answer a bare 500 (lib/http/malformed-path.ts).
// Every other request never reaches this file.
import { NextResponse, type NextRequest } from "next/server";
import { malformedPathResponse } from "@/lib/http/malformed-path";

export function proxy(req: NextRequest) {
  return malformedPathResponse(new URL(req.url).pathname) ?? NextResponse.next();
}

export const config = { matcher: ["/api/:path(.*%.*)"] };
