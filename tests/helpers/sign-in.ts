// The credentials sign-in flow over plain HTTP, as a browser does it.
import { inject } from "vitest";

function cookiesFrom(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]);
}

export async function signIn(email: string, password: string, base = inject("baseUrl")): Promise<{ status: number; cookie: string | null }> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = cookiesFrom(csrfRes);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
  const session = cookiesFrom(res).find((c) => c.startsWith("next-auth.session-token="));
  return { status: res.status, cookie: session ? [...jar, session].join("; ") : null };
}

export async function signInOrThrow(email: string, password: string, base?: string): Promise<string> {
  const { cookie, status } = await signIn(email, password, base);
  if (!cookie) throw new Error(`Sign-in failed for ${email} (status ${status})`);
  return cookie;
}
