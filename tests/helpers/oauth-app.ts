// A third-party app driving the OAuth flow over real HTTP with a real client library
// (oauth4webapi): discovery, dynamic registration, PKCE, the user's approval on the consent
// form (POSTed with the user's session cookie, as the consent screen does) and the code exchange.
import { inject } from "vitest";
import * as oauth from "oauth4webapi";

export const REDIRECT_URI = "http://127.0.0.1:5999/callback";
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export async function discover(base = inject("baseUrl")): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(base);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
}

export async function registerPublicApp(
  as: oauth.AuthorizationServer,
  scope: string,
  extra: Record<string, unknown> = {},
): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: [REDIRECT_URI], client_name: "Test app", token_endpoint_auth_method: "none", scope, ...extra },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(res);
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export async function newPkce(): Promise<Pkce> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

/** The consent form's POST: the app's request parameters plus the decision. Answers the Location the browser is sent to. */
export async function decide(
  cookie: string,
  params: Record<string, string>,
  decision: "approve" | "deny" = "approve",
  base = inject("baseUrl"),
) {
  const res = await fetch(`${base}/api/oauth/authorize`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ ...params, decision }),
    redirect: "manual",
  });
  const location = res.headers.get("location");
  return { status: res.status, location: location ? new URL(location) : null, body: location ? null : await res.json().catch(() => null) };
}

export function authorizationParams(
  client: oauth.Client,
  pkce: Pkce,
  scope: string,
  state = oauth.generateRandomState(),
): Record<string, string> {
  return {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    scope,
    state,
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
  };
}

export async function exchange(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  callback: URL,
  state: string,
  pkce: Pkce,
  auth = oauth.None(),
) {
  const params = oauth.validateAuthResponse(as, client, callback, state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT_URI, pkce.verifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, client, res);
}

/** The whole dance for a user: register (unless given a client), approve, exchange. */
export async function connectApp(
  cookie: string,
  scope: string,
  given?: { as: oauth.AuthorizationServer; client: oauth.Client },
  base = inject("baseUrl"),
) {
  const as = given?.as ?? (await discover(base));
  const client = given?.client ?? (await registerPublicApp(as, scope));
  const pkce = await newPkce();
  const params = authorizationParams(client, pkce, scope);
  const decided = await decide(cookie, params, "approve", base);
  if (decided.status !== 302 || !decided.location) throw new Error(`approval failed: ${decided.status} ${JSON.stringify(decided.body)}`);
  const tokens = await exchange(as, client, decided.location, params.state, pkce);
  return { as, client, tokens };
}

export async function refresh(as: oauth.AuthorizationServer, client: oauth.Client, refreshToken: string, auth = oauth.None()) {
  return oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, insecure));
}

/** The OAuth error code a failed library call reports. */
export async function oauthError(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) return err.error;
    // A 401 with a Basic challenge (a client that failed to authenticate): the body names the error.
    if (err instanceof oauth.WWWAuthenticateChallengeError) return ((await err.response.json()) as { error: string }).error;
    throw err;
  }
  throw new Error("expected an OAuth error");
}
