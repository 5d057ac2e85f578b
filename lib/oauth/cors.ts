// Cross-origin access to the endpoints an app calls itself (discovery, registration, token,
// revocation), so a browser app (a public client, a browser-based MCP client) can use them.
// They read no cookies — an app proves itself with its credentials and PKCE — so any origin
// may read their answers. Never the consent form's endpoint, which acts on a session.

const ALLOWED_HEADERS = "authorization, content-type, mcp-protocol-version";

export const OAUTH_CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "www-authenticate, retry-after",
} as const;

/** The response with the CORS headers added. */
export function withCors(res: Response): Response {
  for (const [name, value] of Object.entries(OAUTH_CORS)) res.headers.set(name, value);
  return res;
}

/** The answer to a browser's preflight (a JSON body or an Authorization header needs one). */
export function oauthPreflight(methods: string): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...OAUTH_CORS,
      "access-control-allow-methods": `${methods}, OPTIONS`,
      "access-control-allow-headers": ALLOWED_HEADERS,
      "access-control-max-age": "600",
    },
  });
}
