// Signs a benchmark's owner in through next-auth's credentials route; returns the cookie header.
export async function signIn(base: string, owner: { email: string; password: string }): Promise<string> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, ...owner, json: "true" }),
    redirect: "manual",
  });
  const cookies = [...jar, ...res.headers.getSetCookie().map((c) => c.split(";")[0])];
  if (!cookies.some((c) => c.includes("session-token"))) throw new Error(`Sign-in as ${owner.email} failed (HTTP ${res.status})`);
  return cookies.join("; ");
}
