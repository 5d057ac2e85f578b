// The client's address, for per-address throttles (sign-in failures, app registrations). The
// last X-Forwarded-For entry is the one the nearest proxy added: behind a reverse proxy that
// appends (nginx's $proxy_add_x_forwarded_for, most load balancers) a client cannot forge it,
// whereas the first entry is whatever the client sent. Without a proxy in front the client
// controls the header whichever entry is read: deploy behind one (docs/self-hosting.md).
type HeaderBag = Headers | Record<string, string | string[] | undefined> | undefined;

function header(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

export function clientAddress(headers: HeaderBag): string {
  const forwarded = header(headers, "x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean);
  return forwarded?.at(-1) || header(headers, "x-real-ip")?.trim() || "unknown";
}
