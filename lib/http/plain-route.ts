// The wrapper for API routes that answer in a protocol of their own (OAuth's endpoints,
// next-auth, Inngest, health, the OpenAPI document): the request core logs them and answers a
// failure they do not handle, but their own answers leave as they are.
import { handleRequest, routeOf } from "@/lib/http/handle-request";
import { plainFamily } from "@/lib/http/families";

export interface PlainOptions {
  /** false: answer at once while the process starts (liveness, readiness, static answers). Default true. */
  waitsForStart?: boolean;
}

export function plainRoute<R extends Request, C>(
  handler: (req: R, ctx: C) => Response | Promise<Response>,
  { waitsForStart = true }: PlainOptions = {},
) {
  return (req: R, ctx: C): Promise<Response> =>
    handleRequest(req, { family: plainFamily, route: routeOf(req), waitsForStart }, async () => handler(req, ctx));
}
