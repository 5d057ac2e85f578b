// The one wrapper for legacy /api routes and the dashboard's JSON routes: bare bodies,
// errors as {error}. Dashboard-only routes refuse keys with 403 SESSION_ONLY.
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { AppError } from "@/lib/http/errors";
import { identify } from "@/lib/http/identify";
import { authorize, type Requirement } from "@/lib/http/authorize";
import { parseInput, type InputSchemas } from "@/lib/http/parse-input";
import { newRequestId } from "@/lib/http/request-id";
import { json, legacyError } from "@/lib/http/respond";
import type { Principal } from "@/lib/http/principal";
import type { Scope } from "@/lib/auth/permissions";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface LegacyOptions extends InputSchemas, Requirement {
  /** "session": dashboard-only. A scope: API keys holding it are accepted too. */
  access: "session" | { keyScope: Scope };
}

export interface LegacyContext<O extends LegacyOptions> {
  req: NextRequest;
  principal: Principal;
  requestId: string;
  body: Out<O["body"]>;
  query: Out<O["query"]>;
  params: Out<O["params"]>;
}

export interface LegacyResult {
  body: unknown;
  status?: number;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function legacyRoute<const O extends LegacyOptions>(opts: O, handler: (ctx: LegacyContext<O>) => Promise<LegacyResult>) {
  return async (req: NextRequest, ctx: RouteContext): Promise<Response> => {
    const requestId = newRequestId();
    const headers: Record<string, string> = {};
    try {
      const allowKeys = opts.access !== "session";
      const principal = await identify(req, { allowKeys, headers });
      if (!principal) throw new AppError("UNAUTHORIZED", "Unauthorized");
      const scope = opts.access === "session" ? opts.scope : opts.access.keyScope;
      authorize(principal, { scope, permission: opts.permission });
      const input = await parseInput(req, await ctx?.params, opts);
      const result = await handler({ req, principal, requestId, ...(input as Pick<LegacyContext<O>, "body" | "query" | "params">) });
      return json(result.body, result.status ?? 200, { ...headers, "X-Request-Id": requestId });
    } catch (err) {
      return legacyError(err, requestId, new URL(req.url).pathname, headers);
    }
  };
}
