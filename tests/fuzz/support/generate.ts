// Generated requests for one route: valid-ish path ids, query and body from the route's
// schemas, then hostile changes to any of them; with each, the refusal the server must answer
// when the input is refused before any handler runs (computed here with the same zod schemas
// and the same body rules as lib/http/read-body.ts and parse-input.ts).
import fc from "fast-check";
import { z } from "zod";
import { nestingDepth, MAX_JSON_DEPTH } from "@/lib/http/read-body";
import { findUnstorable } from "@/lib/db/storable-text";
import type { RouteEntry } from "./catalogue";
import { fromSchema, type Hints, type JsonSchema } from "./from-schema";
import { contentTypes, hostileDate, hostileRawBody, hostileString, mutate, numberishString, PROTO_KEYS } from "./hostile";
import { describe, type FuzzRequest, type Refusal } from "./exchange";
import { examplesFor } from "./examples";
import { fillPath, kindOf, placeholders, type OrgWorld } from "./world";

export interface RouteSchemas {
  query?: JsonSchema;
  body?: JsonSchema;
}

type OpenApiOperation = {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

/** A v1 route's query and body schemas as the served OpenAPI document describes them. */
export function schemasFromOpenApi(doc: { paths: Record<string, Record<string, OpenApiOperation>> }, route: RouteEntry): RouteSchemas {
  const op = doc.paths[route.path]?.[route.method.toLowerCase()];
  if (!op) throw new Error(`${route.method} ${route.path} is not in the OpenAPI document`);
  const query = (op.parameters ?? []).filter((p) => p.in === "query");
  return {
    query: query.length
      ? {
          type: "object",
          properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
          required: query.filter((p) => p.required).map((p) => p.name),
        }
      : undefined,
    body: op.requestBody?.content["application/json"]?.schema,
  };
}

const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as JsonSchema;

/** A legacy route's query and body schemas, from the zod schemas its route file uses. */
export function schemasFromZod(route: RouteEntry): RouteSchemas {
  return { query: route.query ? jsonSchema(route.query) : undefined, body: route.body ? jsonSchema(route.body) : undefined };
}

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD, as a browser would send them). */
export function encodeSegment(s: string): string {
  return [...Buffer.from(s, "utf8")]
    .map((b) =>
      /[A-Za-z0-9\-_~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

/** Path segments that are not ids: encoded hostile strings and raw oddities (".." is left out: URLs resolve it away). */
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((s) => s.length > 0 && s.length < 2_000).map(encodeSegment),
  fc.constantFrom(
    "%",
    "%zz",
    "%E0%A4%A",
    "%00",
    "%2F",
    "a%2Fb",
    "%5C",
    "...",
    "a..",
    ";",
    "a;b=c",
    "%3F",
    "%23",
    "0",
    "-1",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "x".repeat(3_000),
  ),
  fc.uuid(),
);

/** What an HTTP client can put in a header value: no control characters, nothing past U+00FF. */
const headerSafe = (s: string) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, "");

/** Headers the app reads or echoes, with hostile values (most requests carry none). */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        hostileString.filter((s) => s.length < 4_000).map(headerSafe),
        fc.constantFrom("", " ", "x".repeat(256), "é", "key with spaces"),
      )
      .map((v) => ({ "idempotency-key": v })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { "x-request-id": "req_spoofed" },
      { "x-forwarded-for": "203.0.113.9, 10.0.0.1" },
      { "accept-language": "x".repeat(3_000) },
      { "user-agent": "\xff\xfe" },
    ),
  },
);

type QueryValue = Record<string, string>;

const toQueryStrings = (v: unknown): QueryValue =>
  Object.fromEntries(
    Object.entries((v ?? {}) as Record<string, unknown>).map(([k, x]) => [k, typeof x === "string" ? x : JSON.stringify(x)]),
  );

const encodeQuery = (q: QueryValue) => new URLSearchParams(q).toString();

function hostileQuery(valid: QueryValue): fc.Arbitrary<{ query: string; note: string }> {
  const keys = Object.keys(valid);
  const options: fc.Arbitrary<{ query: string; note: string }>[] = [
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...PROTO_KEYS, "__proto__[polluted]", "constructor[prototype][polluted]", "a[]", "a[0]"),
          fc.string({ maxLength: 10 }),
        ),
        hostileString.filter((s) => s.length < 4_000),
      )
      .map(([k, v]) => ({ query: encodeQuery({ ...valid, [k]: v }), note: `extra query ${JSON.stringify(k)}` })),
    fc
      .constantFrom("a=%zz", "%", "&&&", "=x", "a=%E0%A4%A", "a=%00", "a=1&a=2", "__proto__=x&constructor=y", "page=1&page=x")
      .map((raw) => ({
        query: [encodeQuery(valid), raw].filter(Boolean).join("&"),
        note: `raw query ${raw}`,
      })),
  ];
  if (keys.length) {
    const key = fc.constantFrom(...keys);
    options.push(
      fc
        .tuple(
          key,
          fc.oneof(
            hostileString.filter((s) => s.length < 4_000),
            numberishString,
            hostileDate,
          ),
        )
        .map(([k, v]) => ({ query: encodeQuery({ ...valid, [k]: v }), note: `query ${k} hostile` })),
      key.map((k) => ({ query: `${encodeQuery(valid)}&${encodeURIComponent(k)}=duplicate`, note: `query ${k} twice` })),
    );
  }
  return fc.oneof(...options);
}

/** CSV for the streamed contacts import: formulas, quotes, NUL, unicode, ragged rows. */
const hostileCsv: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      hostileString.filter((s) => s.length < 5_000),
      fc.constantFrom("=cmd|' /C calc'!A0", '"unclosed', 'a""b', "\u0000", "a,b,c,d,e,f", ""),
    ),
    { maxLength: 6 },
  )
  .map((cells) => ["email,name", ...cells.map((c, i) => `${i % 2 ? c : `x${i}@example.test`},${c}`)].join("\n"));

export interface Generated {
  req: FuzzRequest;
  /** The refusal the input must get; null: no input refusal is due; "any": not predictable here. */
  expected: Refusal | null | "any";
}

const VALIDATION: Refusal = { status: 400, code: "VALIDATION_ERROR" };
const TOO_LARGE: Refusal = { status: 413, code: "PAYLOAD_TOO_LARGE" };

/** What the server's body reading and validation must answer for this body. */
function bodyRefusal(route: RouteEntry, body: string | undefined, contentType: string | undefined): Refusal | null | "any" {
  if (route.rawBody) return "any";
  const bytes = body === undefined ? 0 : Buffer.byteLength(body);
  if (!route.body && bytes === 0) return null;
  if (bytes > route.bodyLimit) return TOO_LARGE;
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? "")) return VALIDATION;
  if ((body ?? "").trim() === "") return VALIDATION;
  let value: unknown;
  try {
    value = JSON.parse(body!);
  } catch {
    return VALIDATION;
  }
  if (nestingDepth(value) > MAX_JSON_DEPTH) return VALIDATION;
  if (!route.body) return value !== null && !(typeof value === "object" && Object.keys(value).length === 0) ? VALIDATION : null;
  if (findUnstorable(value)) return VALIDATION;
  return route.body.safeParse(value).success ? null : VALIDATION;
}

/** The query as the handler sees it. Next.js rebuilds a request's query from a plain object
 * before handing it over, so a `__proto__` parameter never arrives (it is dropped, not applied). */
export const queryAsSeen = (query: string): Record<string, string> =>
  Object.fromEntries([...new URLSearchParams(query)].filter(([k]) => k !== "__proto__"));

function queryRefusal(route: RouteEntry, query: string): Refusal | null {
  const seen = queryAsSeen(query);
  if (findUnstorable(seen)) return VALIDATION;
  return (route.query ?? z.object({}).strict()).safeParse(seen).success ? null : VALIDATION;
}

/** A query the route accepts (its required parameters filled), for requests that test something else. */
export function validQuery(route: RouteEntry, schemas: RouteSchemas, hints: Hints): string {
  if (!schemas.query || !route.query) return "";
  const found = fc.sample(fromSchema(schemas.query, hints).map(toQueryStrings), 100).find((q) => route.query!.safeParse(q).success);
  if (!found) throw new Error(`no valid query found for ${route.method} ${route.path}`);
  return encodeQuery(found);
}

export function requestFor(
  route: RouteEntry,
  schemas: RouteSchemas,
  world: OrgWorld,
  hints: Hints,
  opts: { hostileParams?: boolean } = {},
): fc.Arbitrary<Generated> {
  const names = placeholders(route.path);
  const params = fc.tuple(
    ...names.map((name) => {
      const own = fc.constant({ segment: encodeSegment(world.ids[kindOf(route.path, name)]), hostile: false });
      return opts.hostileParams === false
        ? own
        : fc.oneof({ weight: 6, arbitrary: own }, { weight: 1, arbitrary: hostileSegment.map((segment) => ({ segment, hostile: true })) });
    }),
  );

  const query: fc.Arbitrary<{ query: string; note?: string }> = schemas.query
    ? (fromSchema(schemas.query, hints) as fc.Arbitrary<unknown>)
        .map(toQueryStrings)
        .chain((valid) =>
          fc.oneof({ weight: 3, arbitrary: fc.constant({ query: encodeQuery(valid) }) }, { weight: 2, arbitrary: hostileQuery(valid) }),
        )
    : fc.oneof({ weight: 6, arbitrary: fc.constant({ query: "" }) }, { weight: 1, arbitrary: hostileQuery({}) });

  type Body = { body?: string; contentType?: string; note?: string };
  let body: fc.Arbitrary<Body>;
  if (route.rawBody) {
    body = fc
      .tuple(hostileCsv, fc.oneof({ weight: 4, arbitrary: fc.constant(route.rawBody) }, { weight: 1, arbitrary: contentTypes }))
      .map(([csv, contentType]) => ({ body: csv, contentType, note: "hostile CSV" }));
  } else if (schemas.body) {
    const json = "application/json";
    const seeds = examplesFor(route, world);
    const start = seeds.length ? fc.oneof(fromSchema(schemas.body, hints), fc.constantFrom(...seeds)) : fromSchema(schemas.body, hints);
    body = start.chain((valid) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constant<Body>({ body: JSON.stringify(valid), contentType: json }) },
        { weight: 6, arbitrary: mutate(valid).map((m): Body => ({ body: JSON.stringify(m.value), contentType: json, note: m.note })) },
        { weight: 1, arbitrary: hostileRawBody.map((raw): Body => ({ body: raw, contentType: json, note: "hostile raw body" })) },
        {
          weight: 1,
          arbitrary: contentTypes.map((contentType): Body => ({
            body: JSON.stringify(valid),
            contentType: contentType || undefined,
            note: `content-type ${JSON.stringify(contentType)}`,
          })),
        },
      ),
    );
  } else {
    body = fc.oneof(
      { weight: 6, arbitrary: fc.constant<Body>({}) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom("{}", "null", "[]")
          .map((raw): Body => ({ body: raw, contentType: "application/json", note: `empty-ish body ${raw}` })),
      },
      {
        weight: 1,
        arbitrary: hostileRawBody.map((raw): Body => ({
          body: raw,
          contentType: "application/json",
          note: "body on a route that takes none",
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 3 })
          .map((o): Body => ({ body: JSON.stringify(o), contentType: "application/json", note: "fields on a route that takes no body" })),
      },
    );
  }

  return fc.tuple(params, query, body, extraHeaders).map(([p, q, b, h]) => {
    const path = fillPath(route.path, Object.fromEntries(names.map((n, i) => [n, p[i].segment])));
    const headers: Record<string, string> = { ...h };
    if (b.contentType !== undefined) headers["content-type"] = b.contentType;
    const notes = [
      ...(p.some((x) => x.hostile) ? ["hostile path segment"] : []),
      ...(q.note ? [q.note] : []),
      ...(b.note ? [b.note] : []),
      ...Object.keys(h).map((k) => `header ${k}`),
    ];
    const req: FuzzRequest = { method: route.method, path, query: q.query, headers, body: b.body, notes };
    let expected: Generated["expected"];
    // A hostile Idempotency-Key is the send handlers' to refuse, after validation.
    if (p.some((x) => x.hostile) || "idempotency-key" in h) expected = "any";
    else expected = queryRefusal(route, q.query) ?? bodyRefusal(route, b.body, b.contentType);
    return withShortPrint({ req, expected });
  });
}

/** fast-check prints counterexamples in full; a 50,000-level JSON body would drown the report. */
export function withShortPrint<T extends { req: FuzzRequest }>(g: T): T {
  return Object.defineProperty(g, fc.toStringMethod, { value: () => describe(g.req), enumerable: false });
}

/** Inputs the route's schemas accept (query strings and bodies), sampled from the schemas: for
 * requests that must get past validation (authorization fuzzing). Falls back to valid-ish ones
 * when the schema is too narrow to hit by sampling. */
export function validInputs(
  route: RouteEntry,
  schemas: RouteSchemas,
  hints: Hints,
  seed: number,
  seeds: unknown[] = [],
): { queries: string[]; bodies: (string | undefined)[] } {
  let queries = [""];
  if (schemas.query && route.query) {
    const sampled = fc.sample(fromSchema(schemas.query, hints).map(toQueryStrings), { numRuns: 100, seed });
    const ok = sampled.filter((q) => route.query!.safeParse(q).success);
    queries = (ok.length ? ok : sampled).slice(0, 5).map(encodeQuery);
  }
  let bodies: (string | undefined)[] = [undefined];
  if (route.rawBody) bodies = ["email,name\nauthz-import@example.test,Authz\n"];
  else if (schemas.body && route.body) {
    const sampled = [...seeds, ...fc.sample(fromSchema(schemas.body, hints), { numRuns: 200, seed })].map((v) => JSON.stringify(v));
    const ok = sampled.filter((b) => route.body!.safeParse(JSON.parse(b)).success);
    bodies = (ok.length ? ok : sampled).slice(0, 5);
  }
  return { queries, bodies };
}
