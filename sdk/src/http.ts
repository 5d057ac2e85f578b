// One request to the API: the key, JSON in and out, the error shape, and the retries the server
// asks for (429, and 503 with Retry-After) within maxRetries.
import { CLIENT_CODES, MailroomError, errorFromAnswer } from "./errors.js";

export interface ClientOptions {
  /** The server, e.g. https://mail.example.com. Default: MAILROOM_BASE_URL, else http://localhost:3000. */
  baseUrl?: string;
  /**
   * How many times a request the server turned away is tried again (default 2): a 429 always
   * (it was refused before any work), a 503 with Retry-After or a network failure only when the
   * request is safe to repeat (GET, DELETE, or a request with an idempotency key).
   */
  maxRetries?: number;
  /** Per-attempt timeout in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** The fetch to use (default: the global fetch of Node 20+). */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  idempotencyKey?: string;
}

interface Call {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  query?: object;
  body?: unknown;
  idempotencyKey?: string;
}

/** A 2xx answer's JSON envelope: {data, requestId} and, on lists, pagination. */
export interface Envelope<T> {
  data: T;
  requestId: string;
  [field: string]: unknown;
}

export const DEFAULT_BASE_URL = "http://localhost:3000";
export const DEFAULT_MAX_RETRIES = 2;
/** The longest the client waits before a retry, whatever Retry-After says. */
const MAX_WAIT_SECONDS = 60;

/** A variable of the environment, where there is one (Node; not every edge runtime). */
export const envVar = (name: string): string | undefined => (typeof process === "undefined" ? undefined : process.env[name]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds to wait before retry number `attempt` (0-based): Retry-After when given, else 0.5 s doubling. */
function waitSeconds(res: Response | null, attempt: number): number {
  const header = res?.headers.get("retry-after");
  const asked = header === null || header === undefined ? NaN : Number(header);
  const seconds = Number.isFinite(asked) && asked >= 0 ? asked : 0.5 * 2 ** attempt;
  return Math.min(seconds, MAX_WAIT_SECONDS);
}

export function queryString(query: object = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v instanceof Date ? v.toISOString() : String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export class HttpClient {
  readonly baseUrl: string;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly key: string,
    options: ClientOptions = {},
  ) {
    this.baseUrl = (options.baseUrl ?? envVar("MAILROOM_BASE_URL") ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.maxRetries = Math.max(0, options.maxRetries ?? DEFAULT_MAX_RETRIES);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
  }

  async request<T>(call: Call): Promise<Envelope<T>> {
    const repeatable = call.method !== "POST" && call.method !== "PATCH" ? true : call.idempotencyKey !== undefined;
    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < this.maxRetries;
      let res: Response;
      try {
        res = await this.send(call);
      } catch (err) {
        if (canRetry && repeatable) {
          await sleep(waitSeconds(null, attempt) * 1000);
          continue;
        }
        throw err;
      }
      if (res.ok) return this.envelope<T>(res);
      const retryAfter = res.headers.has("retry-after");
      if (canRetry && (res.status === 429 || (res.status === 503 && retryAfter && repeatable))) {
        await res.body?.cancel();
        await sleep(waitSeconds(res, attempt) * 1000);
        continue;
      }
      throw errorFromAnswer(res.status, await res.json().catch(() => null), res.headers.get("x-request-id"));
    }
  }

  private async send(call: Call): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.key}`, Accept: "application/json" };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    if (call.idempotencyKey !== undefined) headers["Idempotency-Key"] = call.idempotencyKey;
    try {
      return await this.fetchImpl(`${this.baseUrl}${call.path}${queryString(call.query)}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === "TimeoutError";
      throw new MailroomError({
        message: timedOut
          ? `${call.method} ${call.path}: no answer within ${this.timeoutMs} ms`
          : `${call.method} ${call.path}: ${err instanceof Error ? err.message : String(err)}`,
        status: null,
        code: timedOut ? CLIENT_CODES.timeout : CLIENT_CODES.network,
        cause: err,
      });
    }
  }

  private async envelope<T>(res: Response): Promise<Envelope<T>> {
    const body = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
    if (!body || typeof body !== "object" || !("data" in body)) {
      throw new MailroomError({
        message: `The API answered ${res.status} without a JSON envelope`,
        status: res.status,
        code: CLIENT_CODES.badResponse,
        requestId: res.headers.get("x-request-id"),
      });
    }
    return body;
  }
}
