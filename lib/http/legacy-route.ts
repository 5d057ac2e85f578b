// The wrapper for legacy /api routes and the dashboard's JSON routes: bare bodies, errors
// as {error, code}. Dashboard-only routes (access "session") refuse keys with SESSION_ONLY.
import type { NextRequest } from "next/server";
import { handleRequest, type NextRouteContext, type RequestContext } from "@/lib/http/handle-request";
import { loggedRequest } from "@/lib/http/request-log";
import { json, legacyError } from "@/lib/http/respond";
import type { InputSchemas } from "@/lib/http/parse-input";
import type { Requirement } from "@/lib/http/authorize";
import type { Scope } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/http/principal";

export interface LegacyOptions extends InputSchemas, Requirement {
  /** "session": dashboard-only. A scope: API keys holding it are accepted too. */
  access: "session" | { keyScope: Exclude<Scope, "*"> };
  orgWide?: boolean;
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
  return (req: NextRequest, ctx: NextRouteContext): Promise<Response> => {
    return loggedRequest(req, `${req.method} ${new URL(req.url).pathname}`, (requestId) => answer(req, ctx, requestId));
  };

  async function answer(req: NextRequest, ctx: NextRouteContext, requestId: string): Promise<Response> {
    const headers: Record<string, string> = {};
    try {
      // allowKeys false guarantees a session principal on dashboard-only routes.
      const context = (await handleRequest(req, ctx, spec, requestId, headers)) as LegacyContext<O>;
      const result = await handler(context);
      return json(result.body, result.status ?? 200, { ...headers, "X-Request-Id": requestId });
    } catch (err) {
      return legacyError(err, requestId, new URL(req.url).pathname, headers);
    }
  }
}
