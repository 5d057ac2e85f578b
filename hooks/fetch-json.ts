// The dashboard's one way to call its JSON routes: same-origin, session cookie, and a thrown
// ApiError that carries the route's `error` message so screens can show it as is. v1 routes
// wrap their answer as {data, requestId, pagination?}: fetchV1 and fetchV1Page unwrap it.
import type { Pagination } from "@/lib/http/pagination";

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Options = { method?: Method; body?: unknown };

async function request(url: string, { method = "GET", body }: Options): Promise<{ status: number; data: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("Could not reach the server. Check your connection and try again.", 0);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw toApiError(res.status, data);
  return { status: res.status, data };
}

export async function fetchJson<T>(url: string, options: Options = {}): Promise<T> {
  return (await request(url, options)).data as T;
}

/** A v1 route's `data`. */
export async function fetchV1<T>(url: string, options: Options = {}): Promise<T> {
  return ((await request(url, options)).data as { data: T }).data;
}

/** A v1 route's `data` with the status, where 200 and 201 mean different things (added, or there already). */
export async function fetchV1WithStatus<T>(url: string, options: Options = {}): Promise<{ data: T; status: number }> {
  const { status, data } = await request(url, options);
  return { data: (data as { data: T }).data, status };
}

/** One page of a v1 list: its items and the pagination. */
export async function fetchV1Page<T>(url: string): Promise<{ items: T[]; pagination: Pagination }> {
  const body = (await request(url, {})).data as { data: T[]; pagination: Pagination };
  return { items: body.data, pagination: body.pagination };
}

function toApiError(status: number, data: unknown): ApiError {
  const payload = (data ?? {}) as { error?: unknown; code?: unknown };
  const code = typeof payload.code === "string" ? payload.code : undefined;
  // A lapsed session answers 401 with a bare "Unauthorized": say what to do about it.
  if (status === 401) return new ApiError("Your session has ended. Sign in again to continue.", status, code);
  const message = typeof payload.error === "string" && payload.error ? payload.error : `Request failed (${status})`;
  return new ApiError(message, status, code);
}
