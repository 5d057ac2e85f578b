// Running generated requests: how many (FUZZ_RUNS), from which seed (FUZZ_SEED), and the
// check every request gets: no 5xx, the family's documented shape, the due refusal, and no
// state change on a refusal or a read.
import fc from "fast-check";
import { send, describe, shapeProblems, refusalProblems, type Auth, type FuzzRequest, type FuzzResponse, type Refusal } from "./exchange";
import { changedTables, dbNow, jobsActiveSince, quiet, snapshot } from "./snapshot";
import type { RouteEntry } from "./catalogue";
import type { Hints } from "./from-schema";
import { TEST_ADDRESS, type Kind, type OrgWorld } from "./world";

/** Generated requests per route (FUZZ_RUNS scales the whole suite; default 10). */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

/** fast-check parameters: a seed to replay (FUZZ_SEED, printed with every failure). */
export function fcParams<T = unknown>(runs = RUNS, examples: T[] = []): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED;
  return { numRuns: Math.max(1, Math.round(runs)), ...(seed ? { seed: Number(seed) } : {}), endOnFailure: true, examples };
}

const FIELD_KINDS: [RegExp, Kind][] = [
  [/^(listId|triggerListId)$/, "list"],
  [/^templateId$/, "template"],
  [/^contactIds?$/, "contact"],
  [/^senderId$/, "sender"],
  [/^(useCaseId|use_case_id|defaultUseCaseId)$/, "useCase"],
  [/^(projectId|defaultProjectId)$/, "project"],
  [/^emailId$/, "message"],
  [/^id$/, "testList"],
];

/** Field-name hints from worlds: the first world's ids always, the others' now and then. */
export function hintsFrom(own: OrgWorld, ...others: OrgWorld[]): Hints {
  return {
    idsFor: (field) => {
      const kind = FIELD_KINDS.find(([re]) => re.test(field))?.[1];
      return kind ? [own.ids[kind], own.ids[kind], own.ids[kind], ...others.map((w) => w.ids[kind])] : [];
    },
    addresses: [TEST_ADDRESS, "fuzz-two@example.test"],
  };
}

/** Tracks whether background work may be under way (after a success), to wait for quiet first. */
export class StateGuard {
  private dirty = true;
  constructor(private readonly orgId?: string) {}

  /**
   * Sends the request and checks that a refusal (or any read) left the state as it was. When
   * background work ran meanwhile and the state moved, the same request is sent again after
   * the work is done: a refusal must stay a refusal that changes nothing.
   */
  async exchange(req: FuzzRequest, auth: Auth, opts: { unchecked?: boolean } = {}): Promise<{ res: FuzzResponse; changed: string[] }> {
    if (opts.unchecked) {
      // A request expected to get through (its state is another test's subject): sent as is.
      const res = await send(req, auth);
      this.dirty ||= res.status < 400 && req.method !== "GET";
      return { res, changed: [] };
    }
    for (let attempt = 0; ; attempt++) {
      if (this.dirty) await quiet(this.orgId);
      const since = await dbNow();
      const before = await snapshot(this.orgId);
      const res = await send(req, auth);
      const mustHold = res.status >= 400 || req.method === "GET";
      this.dirty = !mustHold;
      if (!mustHold) return { res, changed: [] };
      const changed = changedTables(before, await snapshot(this.orgId));
      if (changed.length === 0 || attempt >= 2 || !(await jobsActiveSince(since))) return { res, changed };
      this.dirty = true;
    }
  }
}

/** Refusals documented to keep what was done before them (docs/contacts.md: a CSV that fails
 * part-way keeps the rows before the failure, and the import is recorded as failed). */
const PARTIAL_REFUSALS: Record<string, RegExp> = {
  "POST /api/v1/contacts/import": /\(import [0-9a-f-]{36} stopped after line \d+; the rows before it were imported\)$/,
};

function partial(route: Pick<RouteEntry, "method" | "path">, res: FuzzResponse): boolean {
  const error = (res.json as { error?: unknown } | undefined)?.error;
  return typeof error === "string" && (PARTIAL_REFUSALS[`${route.method} ${route.path}`]?.test(error) ?? false);
}

/** The problems with one exchange; [] when all is as documented. */
export function judge(
  route: Pick<RouteEntry, "family" | "method" | "path" | "paginated" | "produces">,
  res: FuzzResponse,
  expected: Refusal | null | "any",
  changed: string[],
): string[] {
  if (changed.length && partial(route, res)) changed = [];
  return [
    ...shapeProblems(route.family, res, { paginated: route.paginated, produces: route.produces }),
    ...(expected === "any" ? [] : refusalProblems(res, expected)),
    ...(changed.length ? [`state changed on a ${res.status >= 400 ? `refusal (${res.status})` : "read"}: ${changed.join(", ")}`] : []),
  ];
}

export function fail(problems: string[], req: FuzzRequest, res: FuzzResponse): never {
  throw new Error(`${problems.join("\n")}\n  ${describe(req, res)}`);
}
