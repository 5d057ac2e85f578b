// Hostile input: strings, numbers, keys and whole bodies that break assumptions, and the
// mutations that put them into otherwise valid requests.
import fc from "fast-check";

/** Injected header lines carry this name: a response or a sent message with it means a header got through. */
export const INJECTED_HEADER = "X-Fuzz-Injected";

/** CR/LF (and friends) in anything that may reach a header: subject, names, addresses, custom headers. */
export const CRLF_STRINGS = [
  `x\r\n${INJECTED_HEADER}: 1`,
  `x\n${INJECTED_HEADER}: 1`,
  `x\r${INJECTED_HEADER}: 1`,
  "x\r\nBcc: victim@evil.example",
  "victim@evil.example\r\nBcc: other@evil.example",
  "Name\r\n\r\n<html>body injected</html>",
  "x\u2028X-Line-Separator: 1",
  "x\u0085X-Next-Line: 1",
  "=?utf-8?Q?a=0D=0ABcc:_victim@evil.example?=",
  "x%0d%0aX-Encoded: 1",
];

/** Unicode edge cases: lone surrogates, NUL, direction overrides, combining marks, emoji, BOM, separators. */
export const UNICODE_STRINGS = [
  "\uD800",
  "a\uDC00b",
  "\uDBFF\uDFFF",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe",
  "\u200F\u202Bmixed\u202C",
  "e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301",
  "Z̴̡̢̛̗̘̙̜̝̞̟̠̀́̂̃̄̅̆̇̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌͘ͅ",
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "\uFEFFbom",
  "\u2028\u2029",
  "\uFFFF\uFFFE",
  "İıſK",
  "ℌ𝔢𝔩𝔩𝔬",
  "١٢٣",
  "\t\v\f",
];

/** Strings other layers give a meaning to. */
export const MEANINGFUL_STRINGS = [
  "",
  " ",
  "null",
  "undefined",
  "true",
  "NaN",
  "Infinity",
  "-0",
  "1e308",
  "0x10",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "../../../etc/passwd",
  "..%2f..%2f",
  "%00",
  "%",
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "\\",
  '"',
  "<script>alert(1)</script>",
  "{{constructor.constructor('return process')()}}",
  "{{#each this}}{{@key}}{{/each}}",
  "{{{lookup this '__proto__'}}}",
  "${7*7}",
  "javascript:alert(1)",
  "http://169.254.169.254/latest/meta-data/",
  "file:///etc/passwd",
  "=cmd|' /C calc'!A0",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CRLF_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...MEANINGFUL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-composite", maxLength: 40 }) },
  // Overlong: past every field's maxLength, below the body limit.
  { weight: 1, arbitrary: fc.constantFrom(1_001, 5_000, 70_000, 300_000).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(1_000, 20_000).map((n) => "é".repeat(n)) },
);

/** Numbers where integers, bounds and finiteness matter. */
export const hostileNumber: fc.Arbitrary<number> = fc.constantFrom(
  -1,
  0,
  -0,
  1.5,
  0.1,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  3e9,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  1e21,
);

/** Number-ish strings for query parameters and string fields. */
export const numberishString = fc.constantFrom(
  "NaN",
  "Infinity",
  "-Infinity",
  "1e308",
  "-1",
  "0",
  "-0",
  "1.5",
  "0x1F",
  " 1",
  "1 ",
  "1,000",
  "١",
  "9".repeat(400),
  "+1",
  "1e-7",
  "",
  "2147483648",
  "9007199254740993",
  "1e15",
);

/** Malformed and edge dates, as strings. */
export const hostileDate = fc.constantFrom(
  "2026-13-45T25:61:61Z",
  "0000-00-00T00:00:00Z",
  "+275760-09-13T00:00:00.001Z",
  "-271821-04-20T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "1970-01-01T00:00:00Z",
  "2026-02-30T10:00:00Z",
  "2026-01-01",
  "2026-01-01T10:00:00",
  "2026-01-01T10:00:00+25:00",
  "Tue, 01 Jan 2026 10:00:00 GMT",
  "1735725600",
  "now",
);

export const PROTO_KEYS = ["__proto__", "constructor", "prototype"];

/** An object with prototype-pollution keys as own properties (as JSON.parse would make them). */
export const pollutingObject: fc.Arbitrary<Record<string, unknown>> = fc
  .subarray(PROTO_KEYS, { minLength: 1 })
  .map((keys) =>
    Object.fromEntries(keys.map((k) => [k, k === "constructor" ? { prototype: { polluted: "yes" } } : { polluted: "yes", isAdmin: true }])),
  );

/** Any JSON value, hostile strings and numbers included. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: hostileDate },
  { weight: 1, arbitrary: pollutingObject },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** JSON nested `depth` levels deep, as text (arrays, objects or a mix). */
export function deepJson(depth: number, kind: "array" | "object" | "mixed"): string {
  if (kind === "array") return "[".repeat(depth) + "]".repeat(depth);
  if (kind === "object") return '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
  let open = "";
  let close = "";
  for (let i = 0; i < depth; i++) {
    open += i % 2 ? "[" : '{"k":';
    close = (i % 2 ? "]" : "}") + close;
  }
  return open + "0" + close;
}

/** Bodies that are not a JSON object a validator could accept, as raw text. */
export const hostileRawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "null",
    "[]",
    '"string"',
    "42",
    "true",
    "{",
    '{"a":',
    '{"a":1}garbage',
    "{'single':'quotes'}",
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":1,}',
    "/* comment */ {}",
    "\uFEFF{}",
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"a":"\\ud800"}',
    '{"a":"\u0000"}',
    '{"a":1e999}',
    "\u0000",
  ),
  fc
    .constantFrom(33, 100, 2_000, 50_000)
    .chain((d) => fc.constantFrom("array", "object", "mixed").map((k) => deepJson(d, k as "array" | "object" | "mixed"))),
);

/** Content types other than application/json, and application/json in odd spellings. */
export const contentTypes = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "application/json-patch+json",
  "APPLICATION/JSON",
  "application/json; charset=utf-16",
  "application/json;charset=latin1",
  "application/json, text/plain",
  "",
);

type Mutation = { value: unknown; note: string };

/** Dotted paths of the object's fields, one level into nested objects and arrays. */
function fieldPaths(value: unknown): string[][] {
  if (typeof value !== "object" || value === null) return [];
  const out: string[][] = [];
  for (const [k, v] of Object.entries(value)) {
    out.push([k]);
    if (typeof v === "object" && v !== null) for (const k2 of Object.keys(v)) out.push([k, k2]);
  }
  return out;
}

function setAt(root: unknown, path: string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(root) as Record<string, unknown>;
  let node = copy as Record<string, unknown>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string, unknown>;
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Every string leaf replaced by `s` (header injection into every field at once). */
function everyString(value: unknown, s: string): unknown {
  if (typeof value === "string") return s;
  if (Array.isArray(value)) return value.map((v) => everyString(v, s));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everyString(v, s)]));
  return value;
}

/** One hostile change to a valid-ish JSON value (an object body or query). */
export function mutate(valid: unknown): fc.Arbitrary<Mutation> {
  const paths = fieldPaths(valid);
  const options: fc.Arbitrary<Mutation>[] = [
    fc
      .tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 12 })), hostileValue)
      .map(([k, v]) => ({ value: setAt(valid, [k], v), note: `extra field ${JSON.stringify(k)}` })),
    pollutingObject.map((p) => ({ value: { ...(valid as object), ...p }, note: "prototype-pollution keys" })),
    fc
      .constantFrom(...CRLF_STRINGS, ...UNICODE_STRINGS)
      .map((s) => ({ value: everyString(valid, s), note: `every string ${JSON.stringify(s)}` })),
  ];
  if (paths.length) {
    const path = fc.constantFrom(...paths);
    options.push(
      fc.tuple(path, hostileValue).map(([p, v]) => ({ value: setAt(valid, p, v), note: `${p.join(".")} = hostile` })),
      fc.tuple(path, hostileNumber).map(([p, v]) => ({ value: setAt(valid, p, v), note: `${p.join(".")} = ${v}` })),
      fc.tuple(path, hostileDate).map(([p, v]) => ({ value: setAt(valid, p, v), note: `${p.join(".")} = date ${v}` })),
      path.map((p) => ({ value: setAt(valid, p, undefined, true), note: `${p.join(".")} removed` })),
      fc
        .tuple(path, fc.constantFrom(null, true, 0, "", [], {}, [null]))
        .map(([p, v]) => ({ value: setAt(valid, p, v), note: `${p.join(".")} = ${JSON.stringify(v)}` })),
      fc
        .tuple(path, fc.integer({ min: 20, max: 200 }))
        .map(([p, d]) => ({ value: setAt(valid, p, JSON.parse(deepJson(d, "mixed"))), note: `${p.join(".")} nested ${d} deep` })),
    );
  }
  return fc.oneof(...options);
}
