// The wrapper for /api/internal routes (docs/staff-api.md): the staff token only, answers in
// the v1 envelope {data, requestId} and errors as {error, code, requestId}, never cached.
// Order of checks: the API is on (else 404, as for any unknown route), the caller holds the
// token (else 401, before anything about the resource is revealed), the path id has the right
// shape (else 404, like an unknown id), then query and body (else 400).
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { handleRequest, routeOf, type Family } from "@/lib/http/handle-request";
import { legacyFamily, v1Family } from "@/lib/http/families";
import type { NextRouteContext } from "@/lib/http/route-context";
import { parseInput, type InputSchemas } from "@/lib/http/parse-input";
import { json } from "@/lib/http/respond";
import { unknownRoute } from "@/lib/http/unknown-route";
import { toWire } from "@/lib/http/wire";
import { assertStaff, staffToken } from "@/lib/staff/authenticate-staff";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface StaffRouteSpec extends Omit<InputSchemas, "rawBody"> {
  /** Schema of the envelope's `data`: only the fields it names leave. */
  response: z.ZodType;
  status?: number;
  /** What the path id names ("Organization"): a malformed id is answered as that resource not found. */
  resource?: string;
}

export interface StaffContext<S extends StaffRouteSpec> {
  req: NextRequest;
  requestId: string;
  params: Out<S["params"]>;
  query: Out<S["query"]>;
  body: Out<S["body"]>;
}

const staffFamily: Family = { ...v1Family, headers: { "Cache-Control": "no-store" } };

/** Off: answered exactly like a path that does not exist (app/api/[...path]). */
const off = unknownRoute(legacyFamily);

export function staffRoute<const S extends StaffRouteSpec>(spec: S, handler: (ctx: StaffContext<S>) => Promise<unknown>) {
  return (req: NextRequest, ctx: NextRouteContext): Promise<Response> => {
    const token = staffToken();
    if (!token) return off(req);
    return handleRequest(req, { family: staffFamily, route: routeOf(req) }, async (requestId, headers) => {
      assertStaff(req, token);
      const params = spec.params?.safeParse((await ctx?.params) ?? {});
      if (params && !params.success) throw new AppError("NOT_FOUND", `${spec.resource ?? "Resource"} not found`);
      const input = await parseInput(req, undefined, { query: spec.query, body: spec.body, bodyLimit: spec.bodyLimit });
      const data = await handler({ req, requestId, params: params?.data, query: input.query, body: input.body } as StaffContext<S>);
      return json({ data: toWire(spec.response, data), requestId }, spec.status ?? 200, headers);
    });
  };
}
