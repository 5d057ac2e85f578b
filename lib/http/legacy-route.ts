// The wrapper for legacy /api routes and the dashboard's JSON routes: bare bodies, errors
// as {error, code} (the legacy family). Dashboard-only routes (access "session") refuse keys
// with SESSION_ONLY. Every body leaves through the route's response schema (toWire), so only
// the fields it names do.
import type { NextRequest } from "next/server";
import { handleRequest, routeOf } from "@/lib/http/handle-request";
import { routeContext, type NextRouteContext, type RequestContext } from "@/lib/http/route-context";
import { legacyFamily } from "@/lib/http/families";
import { json } from "@/lib/http/respond";
import { toWire } from "@/lib/http/wire";
import type { z } from "zod";
import type { InputSchemas } from "@/lib/http/parse-input";
import type { Requirement } from "@/lib/auth/authorize";
import type { Scope } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";

export interface LegacyOptions extends InputSchemas, Requirement {
  /** "session": dashboard-only. A scope: API keys holding it are accepted too. */
  access: "session" | { keyScope: Exclude<Scope, "*"> };
  orgWide?: boolean;
  /** Schema of the answer's body: only the fields it names leave. */
  response: z.ZodType;
}

export interface LegacyResult {
  body: unknown;
  status?: number;
}

type SessionPrincipal = Extract<Principal, { kind: "session" }>;
type LegacyContext<O extends LegacyOptions> = O["access"] extends "session"
  ? Omit<RequestContext<O>, "principal"> & { principal: SessionPrincipal }
  : RequestContext<O>;

export function legacyRoute<const O extends LegacyOptions>(opts: O, handler: (ctx: LegacyContext<O>) => Promise<LegacyResult>) {
  const spec =
    opts.access === "session"
      ? { ...opts, family: "legacy" as const, allowKeys: false }
      : { ...opts, family: "legacy" as const, allowKeys: true, scope: opts.access.keyScope };
  return (req: NextRequest, ctx: NextRouteContext): Promise<Response> =>
    handleRequest(req, { family: legacyFamily, route: routeOf(req) }, async (requestId, headers) => {
      // allowKeys false guarantees a session principal on dashboard-only routes.
      const context = (await routeContext(req, ctx, spec, requestId, headers)) as LegacyContext<O>;
      const result = await handler(context);
      return json(toWire(opts.response, result.body), result.status ?? 200, headers);
    });
}
