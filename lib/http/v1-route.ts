// The wrapper for /api/v1 routes: keys or sessions, answers in the v1 envelope
// {data, requestId[, pagination]} and errors as {error, code, requestId} (the v1 family).
import type { NextRequest } from "next/server";
import { handleRequest } from "@/lib/http/handle-request";
import { routeContext, type NextRouteContext, type RequestContext } from "@/lib/http/route-context";
import { v1Family } from "@/lib/http/families";
import { json } from "@/lib/http/respond";
import { toWire } from "@/lib/http/wire";
import type { Operation } from "@/lib/http/operation";
import type { Pagination } from "@/lib/http/pagination";

export interface V1Result {
  data: unknown;
  pagination?: Pagination;
  status?: number;
}

/** A handler answers V1Result (the JSON envelope), or a Response of its own for a non-JSON body (Operation.produces, e.g. a CSV stream). */
export function v1Route<O extends Operation>(op: O, handler: (ctx: RequestContext<O>) => Promise<V1Result | Response>) {
  const plan = { family: v1Family, route: `${op.method} ${op.path}` };
  const spec = { ...op, family: "v1" as const, allowKeys: true };
  return (req: NextRequest, ctx: NextRouteContext): Promise<Response> =>
    handleRequest(req, plan, async (requestId, headers) => {
      const result = await handler(await routeContext(req, ctx, spec, requestId, headers));
      if (result instanceof Response) {
        for (const [name, value] of Object.entries(headers)) result.headers.set(name, value);
        return result;
      }
      const body: Record<string, unknown> = { data: toWire(op.response, result.data), requestId };
      if (op.paginated) body.pagination = result.pagination;
      return json(body, result.status ?? op.status ?? 200, headers);
    });
}
