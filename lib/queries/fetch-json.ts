// The dashboard's one way to call its JSON routes: same-origin, session cookie, and a thrown
// ApiError that carries the route's `error` message so screens can show it as is.

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

export async function fetchJson<T>(url: string, options: { method?: Method; body?: unknown } = {}): Promise<T> {
  const { method = "GET", body } = options;
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
  return data as T;
}

function toApiError(status: number, data: unknown): ApiError {
  const payload = (data ?? {}) as { error?: unknown; code?: unknown };
  const code = typeof payload.code === "string" ? payload.code : undefined;
  // A lapsed session answers 401 with a bare "Unauthorized": say what to do about it.
  if (status === 401) return new ApiError("Your session has ended. Sign in again to continue.", status, code);
  const message = typeof payload.error === "string" && payload.error ? payload.error : `Request failed (${status})`;
  return new ApiError(message, status, code);
}
