// The hostile-input suite for one family of routes: for each route, generated requests
// (valid-ish and hostile) from an authorized caller; every answer below 500, in the family's
// shape, the due refusal for refused input, and no state change on a refusal. Then, per route,
// a body one byte over its limit: 413 and nothing written.
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { deletesLast, type RouteEntry } from "./catalogue";
import { requestFor, validQuery, type RouteSchemas } from "./generate";
import { fail, fcParams, hintsFrom, judge, StateGuard } from "./runner";
import { closeSnapshots } from "./snapshot";
import { buildWorld, ownPath, type OrgWorld } from "./world";
import type { Auth } from "./exchange";

export function hostileSuite(title: string, routes: RouteEntry[], schemasOf: (route: RouteEntry) => Promise<RouteSchemas>) {
  describe(title, () => {
    let world: OrgWorld;
    let guard: StateGuard;

    // FUZZ_STATS=1 prints, per route, how the generated requests were answered: how many got
    // past validation shows how deep the generators reach.
    const stats = new Map<string, Map<string, number>>();
    const count = (route: RouteEntry, status: number, code: unknown) => {
      const byOutcome = stats.get(`${route.method} ${route.path}`) ?? new Map<string, number>();
      const outcome = `${status}${typeof code === "string" ? ` ${code}` : ""}`;
      byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
      stats.set(`${route.method} ${route.path}`, byOutcome);
    };

    beforeAll(async () => {
      world = await buildWorld();
      // Snapshots of this world's organization only: other files' organizations stay out of the hashing.
      guard = new StateGuard(world.orgId);
    });
    afterAll(async () => {
      if (process.env.FUZZ_STATS)
        for (const [route, byOutcome] of stats) console.log(`${route}: ${[...byOutcome].map(([o, n]) => `${o} x${n}`).join(", ")}`);
      await closeSnapshots();
    });

    /** Dashboard-only routes get the owner's session; the others a full-access key or the session, in turn. */
    const authFor = (route: RouteEntry, useKey: boolean): Auth =>
      route.scope && useKey ? { bearer: world.keys.star } : { cookie: world.cookies.owner };

    for (const route of deletesLast(routes)) {
      it(`${route.method} ${route.path}`, async () => {
        const schemas = await schemasOf(route);
        const arb = fc.tuple(requestFor(route, schemas, world, hintsFrom(world)), fc.boolean());
        await fc.assert(
          fc.asyncProperty(arb, async ([{ req, expected }, useKey]) => {
            const { res, changed } = await guard.exchange(req, authFor(route, useKey));
            count(route, res.status, (res.json as { code?: unknown } | undefined)?.code);
            const problems = judge(route, res, expected, changed);
            if (problems.length) fail(problems, req, res);
          }),
          fcParams(),
        );
      });
    }

    it("refuses a body one byte over each route's limit with 413 and writes nothing", async () => {
      const problems: string[] = [];
      for (const route of routes.filter((r) => r.method !== "GET")) {
        const pad = "x".repeat(route.bodyLimit);
        const query = validQuery(route, await schemasOf(route), hintsFrom(world));
        const req = {
          method: route.method,
          path: ownPath(world, route.path),
          query,
          headers: { "content-type": route.rawBody ?? "application/json" },
          body: `{"a":"${pad}"}`,
          notes: ["oversized body"],
        };
        const { res, changed } = await guard.exchange(req, authFor(route, false));
        // A streamed upload (the CSV import) is the handler's to cap: it must still refuse it without a 5xx.
        const expected = route.rawBody ? "any" : { status: 413, code: "PAYLOAD_TOO_LARGE" };
        const found = judge(route, res, expected, changed);
        if (route.rawBody && res.status < 400) found.push(`an oversized upload was accepted (${res.status})`);
        if (found.length) problems.push(`${route.method} ${route.path}: ${found.join("; ")}`);
      }
      if (problems.length) throw new Error(problems.join("\n"));
    });
  });
}
