// Sending a generated request over real HTTP and judging the answer against the documented
// shapes: SPEC "Errors" (v1 {error, code, requestId}; an invalid or missing key exactly
// {error: "Invalid API key"}; legacy {error, code}) and lib/errors/app-error.ts's code-to-status table.
import http from "node:http";
import { inject } from "vitest";
import { ERROR_STATUS } from "@/lib/errors/app-error";
import { INJECTED_HEADER } from "./hostile";

export interface FuzzRequest {
  method: string;
  /** Path with its segments already percent-encoded. */
  path: string;
  /** Raw query string without "?" ("" for none). */
  query: string;
  headers: Record<string, string>;
  /** Raw body text (or bytes for the big ones). */
  body?: string | Uint8Array;
  /** What was done to make this request hostile, for the failure report. */
  notes: string[];
}

export interface Auth {
  cookie?: string;
  bearer?: string;
}

export interface FuzzResponse {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export const url = (req: Pick<FuzzRequest, "path" | "query">, base = inject("baseUrl")) =>
  `${base}${req.path}${req.query ? `?${req.query}` : ""}`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** Over node:http rather than fetch: a GET may carry a body here, as any client can send one.
 * A server closes a kept-alive connection after refusing a body it did not read: a request
 * that finds its reused connection reset is sent again on a fresh one. */
export async function send(req: FuzzRequest, auth: Auth, base?: string): Promise<FuzzResponse> {
  try {
    return await sendOnce(req, auth, base, agent);
  } catch (err) {
    if (!["ECONNRESET", "EPIPE"].includes((err as NodeJS.ErrnoException).code ?? "")) throw err;
    return sendOnce(req, auth, base, false);
  }
}

async function sendOnce(req: FuzzRequest, auth: Auth, base: string | undefined, via: http.Agent | false): Promise<FuzzResponse> {
  const headers: Record<string, string> = { ...req.headers };
  if (auth.cookie) {
    headers.cookie = auth.cookie;
    // As a browser does: a write carries the page's Origin (a request may give its own).
    if (!["GET", "HEAD", "OPTIONS"].includes(req.method.toUpperCase()) && !Object.keys(headers).some((h) => h.toLowerCase() === "origin"))
      headers.origin = new URL(url(req, base)).origin;
  }
  if (auth.bearer !== undefined) headers.authorization = `Bearer ${auth.bearer}`;
  const body = req.body === undefined ? undefined : typeof req.body === "string" ? Buffer.from(req.body) : Buffer.from(req.body);
  if (body) headers["content-length"] = String(body.byteLength);
  return new Promise((resolve, reject) => {
    let answered = false;
    const r = http.request(url(req, base), { method: req.method, headers, agent: via }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) for (const v of [value ?? []].flat()) out.append(name, v);
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown = undefined;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          /* not JSON: judged below */
        }
        resolve({ status: res.statusCode ?? 0, headers: out, text, json });
      });
    });
    // The server may answer (413) and close before the whole body is written: the answer counts.
    r.on("error", (err) => answered || reject(err));
    r.end(body);
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const keysOf = (v: Record<string, unknown>) => Object.keys(v).sort().join(",");

/** Problems with an answer's shape for its API family ([] when it is as documented). */
export function shapeProblems(family: "v1" | "legacy", res: FuzzResponse, opts: { paginated?: boolean; produces?: string } = {}): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`server error ${res.status}: ${res.text.slice(0, 300)}`);
  if (res.headers.has(INJECTED_HEADER) || res.headers.getSetCookie().some((c) => /injected/i.test(c)))
    problems.push("an injected header reached the response");
  const requestId = res.headers.get("x-request-id");
  if (requestId === "req_spoofed") problems.push("the caller's X-Request-Id was echoed as the request id");
  // A request line and headers over Node's 16 KiB limit are refused by its HTTP parser with a
  // bare 431 before the app sees them: a refusal, not the app's to shape.
  if (res.status === 431 && res.text === "") return problems;
  if (res.status >= 400) {
    if (!/^application\/json/.test(res.headers.get("content-type") ?? ""))
      problems.push(`error without a JSON body (${res.headers.get("content-type")}): ${res.text.slice(0, 200)}`);
    const body = res.json;
    if (!isObject(body)) return [...problems, `error body is not an object: ${res.text.slice(0, 200)}`];
    if (res.status === 401 && keysOf(body) === "error" && body.error === "Invalid API key") return problems;
    const expectedKeys = family === "v1" ? "code,error,requestId" : "code,error";
    if (keysOf(body) !== expectedKeys)
      problems.push(`${family} error keys are ${keysOf(body)}, expected ${expectedKeys}: ${res.text.slice(0, 200)}`);
    if (typeof body.error !== "string" || body.error.length === 0) problems.push("error message missing");
    const code = body.code as keyof typeof ERROR_STATUS;
    if (!(code in ERROR_STATUS)) problems.push(`unknown error code ${String(code)}`);
    else if (ERROR_STATUS[code] !== res.status) problems.push(`code ${code} is ${ERROR_STATUS[code]}, answered ${res.status}`);
    if (
      family === "v1" &&
      (typeof body.requestId !== "string" || !/^req_[A-Za-z0-9_-]+$/.test(body.requestId) || body.requestId !== requestId)
    ) {
      problems.push(`requestId ${String(body.requestId)} missing or not the X-Request-Id header (${requestId})`);
    }
    return problems;
  }
  if (family === "v1" && res.status < 300) {
    if (opts.produces) {
      if (!(res.headers.get("content-type") ?? "").startsWith(opts.produces.split(";")[0]))
        problems.push(`expected ${opts.produces}, got ${res.headers.get("content-type")}`);
      return problems;
    }
    const body = res.json;
    if (!isObject(body)) return [...problems, `v1 success is not an object: ${res.text.slice(0, 200)}`];
    const expected = opts.paginated ? "data,pagination,requestId" : "data,requestId";
    if (keysOf(body) !== expected) problems.push(`v1 envelope keys are ${keysOf(body)}, expected ${expected}`);
    if (body.requestId !== requestId) problems.push("envelope requestId is not the X-Request-Id header");
  }
  return problems;
}

/** The refusal a request must get, when its input is refused before any handler runs. */
export interface Refusal {
  status: number;
  code: string;
}

export function refusalProblems(res: FuzzResponse, expected: Refusal | null): string[] {
  if (!expected) return [];
  const code = isObject(res.json) ? res.json.code : undefined;
  return res.status === expected.status && code === expected.code
    ? []
    : [`expected ${expected.status} ${expected.code}, answered ${res.status} ${String(code)}`];
}

/** A request for the failure report: method, URL, the start of the body, and what was hostile about it. */
export function describe(req: FuzzRequest, res?: FuzzResponse): string {
  const body = req.body === undefined ? "" : typeof req.body === "string" ? req.body : `<${req.body.byteLength} bytes>`;
  const shown = body.length > 400 ? `${body.slice(0, 400)}… (${body.length} chars)` : body;
  return [
    `${req.method} ${req.path}${req.query ? `?${req.query.slice(0, 300)}` : ""}`,
    `headers: ${JSON.stringify(req.headers)}`,
    shown && `body: ${JSON.stringify(shown)}`,
    req.notes.length ? `hostile: ${req.notes.join("; ")}` : "",
    res ? `answer: ${res.status} ${res.text.slice(0, 400)}` : "",
  ]
    .filter(Boolean)
    .join("\n  ");
}
