// What a v1 or legacy handler is given: the caller identified (keys rate-limited), authorized,
// and params, query and body validated. The request core (handle-request.ts) runs it inside
// its log and error handling; each family shapes the answer.
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { identify } from "@/lib/http/identify";
import { authorize, type Requirement } from "@/lib/auth/authorize";
import { parseInput, type InputSchemas } from "@/lib/http/parse-input";
import { INVALID_API_KEY } from "@/lib/http/authenticate";
import type { Principal } from "@/lib/auth/principal";
import { setRequestOrg } from "@/lib/log-context";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec extends InputSchemas, Requirement {
  /** v1 answers a missing credential like an invalid key (SPEC: 401 for an invalid or missing key). */
  family: "v1" | "legacy";
  /** Dashboard-only routes refuse keys with 403 SESSION_ONLY. */
  allowKeys: boolean;
  /** Organization-wide writes: refused to keys bound to one project. */
  orgWide?: boolean;
}

export interface RequestContext<S extends InputSchemas> {
  req: NextRequest;
  principal: Principal;
  requestId: string;
  body: Out<S["body"]>;
  query: Out<S["query"]>;
  params: Out<S["params"]>;
}

export type NextRouteContext = { params: Promise<Record<string, string | string[]>> } | undefined;

export async function routeContext<S extends RouteSpec>(
  req: NextRequest,
  ctx: NextRouteContext,
  spec: S,
  requestId: string,
  headers: Record<string, string>,
): Promise<RequestContext<S>> {
  const principal = await identify(req, { allowKeys: spec.allowKeys, headers });
  if (!principal) {
    throw spec.family === "v1" ? new AppError("INVALID_API_KEY", INVALID_API_KEY) : new AppError("UNAUTHORIZED", "Unauthorized");
  }
  setRequestOrg(principal.orgId);
  authorize(principal, spec);
  if (spec.orgWide && principal.kind === "key" && principal.projectId) {
    throw new AppError(
      "SCOPE_DENIED",
      "This API key is bound to one project; this route is the whole organization's (use a key without a project)",
    );
  }
  const input = await parseInput(req, await ctx?.params, spec);
  return { req, principal, requestId, ...(input as Pick<RequestContext<S>, "body" | "query" | "params">) };
}
