// The credentials sign-in flow over plain HTTP, as a browser does it.
import { request } from "node:http";
import { inject } from "vitest";

/** Where a sign-in comes from: headers of its own (say a forged X-Forwarded-For), and the local
 * address its connections are made from (any of 127.0.0.0/8 reaches a server on 127.0.0.1), so
 * tests can sign in as distinct clients. */
export interface SignInFrom {
  headers?: Record<string, string>;
  localAddress?: string;
  /** Cookies the browser already holds (name=value; ...), say a remembered device's. */
  cookie?: string;
}

interface Answer {
  status: number;
  /** The name=value part of each Set-Cookie. */
  cookies: string[];
  body: string;
}

function send(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    localAddress,
  }: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) }, localAddress },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]), body: text }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** `cookie`: the session's cookies, or null when it failed; `setCookies`: every cookie the sign-in answer set. */
export async function signIn(
  email: string,
  password: string,
  base = inject("baseUrl"),
  from: SignInFrom = {},
): Promise<{ status: number; cookie: string | null; setCookies: string[] }> {
  const csrfRes = await send(`${base}/api/auth/csrf`, { headers: from.headers, localAddress: from.localAddress });
  const { csrfToken } = JSON.parse(csrfRes.body) as { csrfToken: string };
  const jar = csrfRes.cookies;
  const res = await send(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      ...from.headers,
      "content-type": "application/x-www-form-urlencoded",
      cookie: [...jar, ...(from.cookie ? [from.cookie] : [])].join("; "),
    },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
    localAddress: from.localAddress,
  });
  const session = res.cookies.find((c) => c.startsWith("next-auth.session-token="));
  return { status: res.status, cookie: session ? [...jar, session].join("; ") : null, setCookies: res.cookies };
}

/** Sign-ins with each of `passwords` at once: one CSRF token, then every POST together (a burst). */
export async function signInBurst(
  email: string,
  passwords: string[],
  base = inject("baseUrl"),
): Promise<{ status: number; cookie: string | null }[]> {
  const csrfRes = await send(`${base}/api/auth/csrf`, {});
  const { csrfToken } = JSON.parse(csrfRes.body) as { csrfToken: string };
  const headers = { "content-type": "application/x-www-form-urlencoded", cookie: csrfRes.cookies.join("; ") };
  return Promise.all(
    passwords.map(async (password) => {
      const res = await send(`${base}/api/auth/callback/credentials`, {
        method: "POST",
        headers,
        body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
      });
      return { status: res.status, cookie: res.cookies.find((c) => c.startsWith("next-auth.session-token=")) ?? null };
    }),
  );
}

export async function signInOrThrow(email: string, password: string, base?: string): Promise<string> {
  const { cookie, status } = await signIn(email, password, base);
  if (!cookie) throw new Error(`Sign-in failed for ${email} (status ${status})`);
  return cookie;
}
