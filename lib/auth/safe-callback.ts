// Where the browser may go after sign-in: only a path on this site. The check runs on the
// server (the sign-in page hands the form the checked path; next-auth's redirect callback uses
// it too) so a crafted link cannot send a freshly signed-in person to a look-alike site.
// Refused: anything not starting with a single "/", "//" anywhere in the path a browser or URL
// parser could read as a host ("/.//evil", "/%2F/evil" after decoding), backslashes (browsers
// read "/\evil" as "//evil"), control characters and schemes. The query may hold encoded URLs
// (the OAuth consent page's redirect_uri): it is never read as a host, so only its raw text is
// checked for control characters.
const HOME = "/";

export function safeCallbackPath(raw: unknown): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000) return HOME;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return HOME;
  const path = raw.split(/[?#]/, 1)[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return HOME;
  }
  for (const s of [path, decoded]) {
    if (!s.startsWith("/") || s.includes("\\") || /[\u0000-\u001f\u007f]/.test(s) || s.includes("//")) return HOME;
  }
  // Resolve dot segments the way the browser will, then check the result again.
  const url = new URL(raw, "http://mailroom.invalid");
  if (url.origin !== "http://mailroom.invalid" || url.pathname.startsWith("//")) return HOME;
  return url.pathname + url.search + url.hash;
}

/** next-auth's redirect callback: same-origin only, as a path or a full URL on APP_URL. */
export function safeRedirect(url: string, baseUrl: string): string {
  const base = new URL(baseUrl);
  if (url.startsWith(base.origin + "/")) return base.origin + safeCallbackPath(url.slice(base.origin.length));
  return base.origin + safeCallbackPath(url);
}
