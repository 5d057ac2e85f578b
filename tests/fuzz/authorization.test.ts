// Authorization fuzzing: every v1 and legacy route with every kind of caller (none, a malformed
// bearer, a revoked key, a key without the scope, a project-bound key, a full-access key, app
// tokens, each role's session) on requests that pass validation; then another organization's
// callers on this organization's ids, and this organization's callers on another's ids. Each
// answer is the documented refusal or gets through to the handler; never a 5xx; a refusal
// changes nothing; another organization's resource answers 404 NOT_FOUND (or, where SPEC says a
// delete of what is not there answers 200 {deleted: false}, that), its rows never change, and
// none of its ids appear in an answer.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { allRoutes, deletesLast, type RouteEntry } from "./support/catalogue";
import { schemasFromOpenApi, schemasFromZod, validInputs, type RouteSchemas } from "./support/generate";
import { AUTH_CODES, authOf, CREDENTIAL_KINDS, expectedFor, HANDLER_ROLE_CHECKS, type CredentialKind } from "./support/credentials";
import { describe as describeRequest, send, shapeProblems, type Auth, type FuzzRequest, type FuzzResponse } from "./support/exchange";
import { examplesFor } from "./support/examples";
import { fcParams, hintsFrom, RUNS, StateGuard } from "./support/runner";
import { changedTables, closeSnapshots, quiet, snapshot } from "./support/snapshot";
import { buildWorld, fillPath, kindOf, placeholders, resourceIds, type OrgWorld } from "./support/world";
import type { Hints } from "./support/from-schema";

let a: OrgWorld;
let b: OrgWorld;
let openApi: Parameters<typeof schemasFromOpenApi>[0];
let guardA: StateGuard;

beforeAll(async () => {
  [a, b] = [await buildWorld(), await buildWorld()];
  openApi = await (await fetch(`${inject("baseUrl")}/api/v1/openapi.json`)).json();
  guardA = new StateGuard(a.orgId);
});
afterAll(closeSnapshots);

const schemasOf = (route: RouteEntry): RouteSchemas => (route.family === "v1" ? schemasFromOpenApi(openApi, route) : schemasFromZod(route));

/** The route's path naming `world`'s resources. */
const pathIn = (world: OrgWorld, route: RouteEntry) =>
  fillPath(route.path, Object.fromEntries(placeholders(route.path).map((p) => [p, encodeURIComponent(world.ids[kindOf(route.path, p)])])));

function request(route: RouteEntry, path: string, query: string, body: string | undefined): FuzzRequest {
  const headers: Record<string, string> = body === undefined ? {} : { "content-type": route.rawBody ?? "application/json" };
  return { method: route.method, path, query, headers, body, notes: [] };
}

/** Ids of `world` in the answer that the request did not name itself. */
function leaked(world: OrgWorld, req: FuzzRequest, res: FuzzResponse): string[] {
  const sent = `${decodeURIComponent(req.path)} ${req.query} ${typeof req.body === "string" ? req.body : ""}`;
  return resourceIds(world).filter((id) => res.text.includes(id) && !sent.includes(id));
}

/** Hints naming only another organization's ids: bodies and queries that point across. */
const foreignHints = (other: OrgWorld, own: OrgWorld): Hints => {
  const h = hintsFrom(other);
  return { ...h, idsFor: (field) => h.idsFor(field).filter((id) => !Object.values(own.ids).includes(id)) };
};

const sentForeignId = (other: OrgWorld, req: FuzzRequest) => {
  const sent = `${decodeURIComponent(req.path)} ${req.query} ${typeof req.body === "string" ? req.body : ""}`;
  return Object.values(other.ids).some((id) => sent.includes(id));
};

const codeOf = (res: FuzzResponse) => (res.json as { code?: string } | undefined)?.code;
const sameAnswer = (x: FuzzResponse, y: FuzzResponse) => x.status === y.status && codeOf(x) === codeOf(y);
/** A batch's answer (v1 {data: [...]} or the legacy bare array) whose every item was refused as not found. */
const batchRefusedAll = (body: unknown) => {
  const entries = Array.isArray(body)
    ? body
    : Array.isArray((body as { data?: unknown } | null)?.data)
      ? (body as { data: unknown[] }).data
      : null;
  return (
    entries !== null &&
    entries.length > 0 &&
    entries.every((e) => typeof (e as { code?: unknown })?.code === "string" && /NOT_FOUND$/.test((e as { code: string }).code))
  );
};

/** SPEC's deletes that answer 200 {deleted: false} / {removed: false} for what is not there, and a
 * batch whose every item was refused as not found: nothing was done. */
const didNothing = (res: FuzzResponse) => {
  const body = res.json as Record<string, unknown> | null;
  if (res.status === 200 && batchRefusedAll(body)) return true;
  return (
    res.status === 200 &&
    typeof body === "object" &&
    body !== null &&
    Object.keys(body).length === 1 &&
    (body.deleted === false || body.removed === false)
  );
};

/** The request with each of `world`'s ids replaced by one of the same form that names nothing. */
function withMissingIds(req: FuzzRequest, world: OrgWorld): FuzzRequest {
  const swap = (text: string) => {
    for (const id of resourceIds(world)) {
      if (!text.includes(id) && !text.includes(encodeURIComponent(id))) continue;
      const fresh = id.includes("@")
        ? `missing-${randomUUID().slice(0, 8)}@example.test`
        : /^[0-9a-f-]{36}$/.test(id)
          ? randomUUID()
          : `missing_${randomUUID().slice(0, 8)}`;
      text = text.replaceAll(id, fresh).replaceAll(encodeURIComponent(id), encodeURIComponent(fresh));
    }
    return text;
  };
  return { ...req, path: swap(req.path), query: swap(req.query), body: typeof req.body === "string" ? swap(req.body) : req.body };
}

/** Per route, each run sends one valid request as every kind of caller, plus the cross-organization requests. */
const AUTH_RUNS = Math.max(1, Math.round(RUNS / 10));

describe("authorization on every route", () => {
  for (const route of deletesLast(allRoutes)) {
    it(`${route.method} ${route.path}`, async () => {
      const schemas = schemasOf(route);
      const seed = Number(process.env.FUZZ_SEED ?? 0) || 0x5eed;
      const own = validInputs(route, schemas, hintsFrom(a), seed, examplesFor(route, a));
      // Across: the other organization's ids in bodies and queries (its list for a campaign, its template for a send...).
      const across = validInputs(route, schemas, foreignHints(b, a), seed + 1, examplesFor(route, b));
      const arb = fc.record({
        query: fc.constantFrom(...own.queries),
        body: fc.constantFrom(...own.bodies),
        acrossQuery: fc.constantFrom(...across.queries),
        acrossBody: fc.constantFrom(...across.bodies),
        pick: fc.nat(),
      });

      await fc.assert(
        fc.asyncProperty(arb, async ({ query, body, acrossQuery, acrossBody, pick }) => {
          const problems: string[] = [];
          const note = (kind: string, req: FuzzRequest, res: FuzzResponse, found: string[]) => {
            if (found.length) problems.push(`[${kind}] ${found.join("; ")}\n  ${describeRequest(req, res)}`);
          };

          // 1. Every kind of caller of this organization, on its own resources.
          const ownReq = request(route, pathIn(a, route), query, body);
          for (const kind of CREDENTIAL_KINDS) {
            const auth = await authOf(a, kind, route, pick);
            // Refusals are checked for leaving everything as it was; callers let through are not (the hostile suite checks their refusals).
            const { res, changed } = await guardA.exchange(ownReq, auth, { unchecked: "through" in expectedFor(route, kind) });
            note(kind, ownReq, res, [
              ...shapeProblems(route.family, res, route),
              ...judgeAuth(route, kind, res),
              ...(changed.length
                ? [`state changed on a ${res.status >= 400 ? "refusal" : "read"} (${res.status}): ${changed.join(", ")}`]
                : []),
            ]);
          }

          // 2. This organization's strongest callers on the other's resources (path ids), or with
          //    the other's ids in the query and body: answered exactly as the same request naming
          //    ids that do not exist (nothing about the other organization can be told apart), a
          //    write never accepted, the other organization untouched, none of its ids answered.
          const strong: [string, Auth][] = [
            ...(route.scope
              ? [
                  ["full-access key", { bearer: a.keys.star }] as [string, Auth],
                  ["app token (owner)", { bearer: await a.oauth.owner() }] as [string, Auth],
                ]
              : []),
            ["session (owner)", { cookie: a.cookies.owner }],
          ];
          await quiet(b.orgId);
          const beforeB = await snapshot(b.orgId);
          const hasIds = placeholders(route.path).length > 0;
          const intoB = request(
            route,
            hasIds ? pathIn(b, route) : pathIn(a, route),
            hasIds ? query : acrossQuery,
            hasIds ? body : acrossBody,
          );
          if (hasIds || sentForeignId(b, intoB)) {
            const missing = withMissingIds(intoB, b);
            for (const [kind, auth] of strong) {
              const res = await send(intoB, auth);
              const control = await send(missing, auth);
              const found = [
                ...shapeProblems(route.family, res, route),
                ...leaked(b, intoB, res).map((id) => `another organization's id ${id} in the answer`),
              ];
              if (!sameAnswer(res, control))
                found.push(`answered ${res.status} ${codeOf(res)}, but ${control.status} ${codeOf(control)} for ids that do not exist`);
              if (hasIds && res.status < 400 && !didNothing(res)) found.push(`another organization's resource answered ${res.status}`);
              if (!hasIds && route.method !== "GET" && res.status < 400 && !didNothing(res))
                found.push(`a write naming another organization's id was accepted (${res.status})`);
              note(`${kind} → other organization`, intoB, res, found);
            }
            const changedB = changedTables(beforeB, await snapshot(b.orgId));
            if (changedB.length)
              problems.push(`[→ other organization] its rows changed: ${changedB.join(", ")}\n  ${describeRequest(intoB)}`);
          }

          // 3. The other organization's callers on this organization's resources: answered as for
          //    ids that do not exist, nothing changed here, none of this organization's ids answered.
          if (hasIds) {
            const fromB: [string, Auth][] = [
              ...(route.scope ? [["other organization's full-access key", { bearer: b.keys.star }] as [string, Auth]] : []),
              ["other organization's owner session", { cookie: b.cookies.owner }],
            ];
            const missing = withMissingIds(ownReq, a);
            for (const [kind, auth] of fromB) {
              const { res, changed } = await guardA.exchange(ownReq, auth);
              const control = await send(missing, auth);
              const found = [
                ...shapeProblems(route.family, res, route),
                ...leaked(a, ownReq, res).map((id) => `this organization's id ${id} in the other's answer`),
              ];
              if (!sameAnswer(res, control))
                found.push(`answered ${res.status} ${codeOf(res)}, but ${control.status} ${codeOf(control)} for ids that do not exist`);
              if (res.status < 400 && !didNothing(res)) found.push(`answered ${res.status}`);
              if (changed.length) found.push(`state changed: ${changed.join(", ")}`);
              note(kind, ownReq, res, found);
            }
          }
          if (problems.length) throw new Error(problems.join("\n"));
        }),
        fcParams(AUTH_RUNS),
      );
    });
  }

  it("covers every credential kind the suite names", () => {
    expect(CREDENTIAL_KINDS).toHaveLength(12);
  });
});

function judgeAuth(route: RouteEntry, kind: CredentialKind, res: FuzzResponse): string[] {
  const expected = expectedFor(route, kind);
  const body = res.json as { error?: string; code?: string } | undefined;
  if ("refusal" in expected) {
    const r = expected.refusal;
    if ("exact" in r) {
      return res.status === r.status && JSON.stringify(body) === JSON.stringify(r.exact)
        ? []
        : [`expected 401 ${JSON.stringify(r.exact)}, answered ${res.status} ${res.text.slice(0, 200)}`];
    }
    return res.status === r.status && body?.code === r.code
      ? []
      : [`expected ${r.status} ${r.code}, answered ${res.status} ${body?.code ?? res.text.slice(0, 100)}`];
  }
  if (res.status === 401 || (res.status === 403 && AUTH_CODES.has(body?.code ?? "")))
    return [`should get through, answered ${res.status} ${body?.code}`];
  if (res.status === 403 && body?.code === "PERMISSION_DENIED" && !HANDLER_ROLE_CHECKS[`${route.method} ${route.path}`])
    return [`role ${kind} holds ${route.permission ?? "no required permission"}, answered PERMISSION_DENIED: ${body.error}`];
  return [];
}
