// The wrapper for /api/v1 routes: `export const GET = v1Route(op)`. Keys or sessions; the
// operation's handler answers, in the v1 envelope {data, requestId[, pagination]} (data
// through the operation's response schema), and errors as {error, code, requestId}.
import type { NextRequest } from "next/server";
import { handleRequest } from "@/lib/http/handle-request";
import { routeContext, type NextRouteContext } from "@/lib/http/route-context";
import { v1Family } from "@/lib/http/families";
import { json } from "@/lib/http/respond";
import { toWire } from "@/lib/http/wire";
import type { Operation, OperationContext, OperationSpec } from "@/lib/http/operation";

export function v1Route<S extends OperationSpec>(op: Operation<S>) {
  const plan = { family: v1Family, route: `${op.method} ${op.path}` };
  const spec = { ...op, family: "v1" as const, allowKeys: true };
  return (req: NextRequest, ctx: NextRouteContext): Promise<Response> =>
    handleRequest(req, plan, async (requestId, headers) => {
      // The full context; an operation that does not read the request is simply not given its type.
      const context = (await routeContext(req, ctx, spec, requestId, headers)) as OperationContext<S>;
      const result = await op.handler(context);
      if (result instanceof Response) {
        for (const [name, value] of Object.entries(headers)) result.headers.set(name, value);
        return result;
      }
      const body: Record<string, unknown> = { data: toWire(op.response, result.data), requestId };
      if (op.paginated) body.pagination = result.pagination;
      return json(body, result.status ?? op.status ?? 200, headers);
    });
}
