// The one wrapper for /api/v1 routes: identify (key or session), rate-limit keys, authorize,
// validate input, run the handler, answer in the v1 envelope with requestId.
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { AppError } from "@/lib/http/errors";
import { identify } from "@/lib/http/identify";
import { authorize } from "@/lib/http/authorize";
import { parseInput } from "@/lib/http/parse-input";
import { newRequestId } from "@/lib/http/request-id";
import { json, v1Error } from "@/lib/http/respond";
import { toWire } from "@/lib/http/wire";
import { INVALID_API_KEY } from "@/lib/http/authenticate";
import type { Operation } from "@/lib/http/operation";
import type { Principal } from "@/lib/http/principal";
import type { Pagination } from "@/lib/http/pagination";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface V1Context<O extends Operation> {
  req: NextRequest;
  principal: Principal;
  requestId: string;
  body: Out<O["body"]>;
  query: Out<O["query"]>;
  params: Out<O["params"]>;
}

export interface V1Result {
  data: unknown;
  pagination?: Pagination;
  status?: number;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function v1Route<O extends Operation>(op: O, handler: (ctx: V1Context<O>) => Promise<V1Result>) {
  const route = `${op.method} ${op.path}`;
  return async (req: NextRequest, ctx: RouteContext): Promise<Response> => {
    const requestId = newRequestId();
    const headers: Record<string, string> = {};
    try {
      const principal = await identify(req, { allowKeys: true, headers });
      if (!principal) throw new AppError("INVALID_API_KEY", INVALID_API_KEY);
      authorize(principal, op);
      const input = await parseInput(req, await ctx?.params, op);
      const result = await handler({ req, principal, requestId, ...(input as Pick<V1Context<O>, "body" | "query" | "params">) });
      const body: Record<string, unknown> = { data: toWire(op.response, result.data), requestId };
      if (op.paginated) body.pagination = result.pagination;
      return json(body, result.status ?? op.status ?? 200, { ...headers, "X-Request-Id": requestId });
    } catch (err) {
      return v1Error(err, requestId, route, headers);
    }
  };
}
