// Real HTTP to the running app.
import { inject } from "vitest";

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body text, sent as is (for malformed-input tests). */
  raw?: string;
  key?: string;
  cookie?: string;
  headers?: Record<string, string>;
  base?: string;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = any>(path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== undefined) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const base = opts.base ?? inject("baseUrl");
  const method = opts.method ?? (body === undefined ? "GET" : "POST");
  if (opts.cookie) {
    headers.cookie = opts.cookie;
    // As a browser does: every write carries the page's Origin (a test may give its own).
    if (!["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) headers.origin ??= new URL(base).origin;
  }
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body,
    redirect: "manual",
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}
