// The protocol mechanics come from @node-oauth/oauth2-server; this file adapts its
// request/response objects to the Fetch API of Next.js route handlers.
import OAuth2Server from "@node-oauth/oauth2-server";
import { AppError } from "@/lib/errors/app-error";
import { readTextBody } from "@/lib/http/read-body";
import { log } from "@/lib/log";
import { errorRedirect, redirectBack } from "@/lib/oauth/authorization-request";
import { withCors } from "@/lib/oauth/cors";
import { authorizeModel, tokenModel, type OAuthUser } from "@/lib/oauth/model";
import { refreshGrantType } from "@/lib/oauth/refresh-grant";
import { revokeClientToken } from "@/lib/oauth/revoke";
import { ACCESS_TOKEN_LIFETIME, CODE_LIFETIME, REFRESH_TOKEN_LIFETIME } from "@/lib/oauth/token-format";

const { Request: OAuthRequest, Response: OAuthResponse, OAuthError, InvalidRequestError, ServerError } = OAuth2Server;

const common = {
  accessTokenLifetime: ACCESS_TOKEN_LIFETIME,
  refreshTokenLifetime: REFRESH_TOKEN_LIFETIME,
  authorizationCodeLifetime: CODE_LIFETIME,
  // PKCE protects the code; `state` is the client's own business.
  allowEmptyState: true,
  alwaysIssueNewRefreshToken: true,
};

// Public clients (no secret) use PKCE alone; the model refuses a confidential client without
// its secret and a public one that sends a secret.
// Each server is given the model functions its handler calls (the typings ask for every
// function of the grant, including the bearer authentication this product does itself).
type Model = OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel;
const tokenServer = new OAuth2Server({
  ...common,
  model: tokenModel as unknown as Model,
  requireClientAuthentication: { authorization_code: false, refresh_token: false },
  // Checks a refresh's `scope` before spending the token (refresh-grant.ts).
  extendedGrantTypes: { refresh_token: refreshGrantType },
});
const authorizeServer = new OAuth2Server({ ...common, model: authorizeModel as unknown as Model });

const FORM_LIMIT = 64 * 1024;

/** A form-encoded request body's parameters (64 KiB at most; a repeated parameter is refused). */
export async function readForm(req: Request): Promise<Record<string, string>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type))
    throw new InvalidRequestError("Invalid request: content must be application/x-www-form-urlencoded");
  let text: string;
  try {
    text = await readTextBody(req, FORM_LIMIT);
  } catch (err) {
    if (err instanceof AppError) throw new InvalidRequestError(`Invalid request: ${err.message}`);
    throw err;
  }
  return singleParams(new URLSearchParams(text));
}

/** Parameters of a form body or query: a repeated parameter is refused (RFC 6749 §3.1). */
export function singleParams(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(out, name)) throw new InvalidRequestError(`Invalid request: \`${name}\` is repeated`);
    out[name] = value;
  }
  return out;
}

function adaptRequest(req: Request, body: Record<string, string>, { clientAuth }: { clientAuth: boolean }) {
  const headers: Record<string, string> = Object.fromEntries(req.headers);
  if (clientAuth) {
    // RFC 6749 §2.3.1: Basic credentials are form-encoded first (oauth4webapi and others encode
    // "_" and "-"); the library reads them raw, so it is handed the decoded pair.
    const { clientId, clientSecret, basic } = clientCredentials(req, body);
    if (basic) headers.authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  }
  // The library checks the content type through type-is, which wants a length for a body.
  headers["content-length"] ??= String(new URLSearchParams(body).toString().length);
  return new OAuthRequest({ method: req.method, headers, body, query: {} });
}

function toResponse(res: InstanceType<typeof OAuthResponse>): Response {
  const headers = new Headers(res.headers as Record<string, string>);
  return Response.json(res.body, {
    status: res.status,
    headers: { ...Object.fromEntries(headers), "cache-control": "no-store", pragma: "no-cache" },
  });
}

/** A 4xx error of the protocol (the library's ServerError, 503, and InvalidArgumentError, 500, are failures of ours). */
const isProtocolError = (err: unknown): err is InstanceType<typeof OAuthError> => err instanceof OAuthError && err.code < 500;

/** The error to tell the client: a protocol error as it is; anything else (the library wraps a
 * model's failure in a ServerError that carries the failure's own message, a database error's
 * text say) is logged and answered as a bare server_error. */
function publicError(err: unknown): InstanceType<typeof OAuthError> {
  if (isProtocolError(err)) return err;
  log.error("oauth endpoint failed", { err: (err as { inner?: unknown } | null)?.inner ?? err });
  return new ServerError("Server error");
}

export function errorResponse(err: unknown): Response {
  const e = publicError(err);
  const headers: Record<string, string> = { "cache-control": "no-store", pragma: "no-cache" };
  if (e.code === 401) headers["www-authenticate"] = 'Basic realm="Mailroom"';
  return Response.json({ error: e.name, error_description: e.message }, { status: e.code, headers });
}

/** POST /api/oauth/token: authorization_code (with PKCE) and refresh_token grants. */
export async function tokenEndpoint(req: Request): Promise<Response> {
  return withCors(await token(req));
}

async function token(req: Request): Promise<Response> {
  try {
    if (req.method !== "POST") throw new InvalidRequestError("Invalid request: method must be POST");
    const body = await readForm(req);
    const request = adaptRequest(req, body, { clientAuth: true }); // malformed Basic credentials: invalid_client, 401
    const response = new OAuthResponse();
    try {
      await tokenServer.token(request, response);
    } catch (err) {
      // Protocol errors as the library wrote them (a 401 keeps its WWW-Authenticate).
      if (!isProtocolError(err)) throw err;
    }
    return toResponse(response);
  } catch (err) {
    return errorResponse(err);
  }
}

/** Runs an approved (or denied) authorization for a signed-in user: the redirect back to the
 * app with a code, or with the error the protocol names (access_denied, invalid_scope, …).
 * `params` were checked by readAuthorizationRequest (the client, and `redirect_uri` among its
 * registered ones). The redirect is built here, not by the library, whose legacy URL formatting
 * drops the error and state from a redirect URI that has a query of its own. */
export async function authorizeFor(req: Request, params: Record<string, string>, user: OAuthUser, approved: boolean): Promise<Response> {
  const response = new OAuthResponse();
  const request = adaptRequest(req, { ...params, allowed: approved ? "true" : "false" }, { clientAuth: false });
  const back = (location: string) => new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
  try {
    const code = await authorizeServer.authorize(request, response, { authenticateHandler: { handle: async () => user } });
    return back(redirectBack(params.redirect_uri, { code: code.authorizationCode, state: params.state }));
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    // The library redirects only once it has the client and its redirect URI; before that, an error is shown, not sent.
    if (response.status !== 302) return errorResponse(err);
    const e = publicError(err);
    return back(errorRedirect(params.redirect_uri, e.name, e.message, params.state));
  }
}

/** Client credentials of a request: HTTP Basic (RFC 6749 §2.3.1, form-encoded parts) or the body. */
function clientCredentials(req: Request, body: Record<string, string>): { clientId?: string; clientSecret?: string; basic: boolean } {
  const header = req.headers.get("authorization");
  const basic = header && /^Basic\s+(\S+)$/i.exec(header.trim());
  if (basic) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    // RFC 6749 §5.2: a client that tried the Authorization header is answered 401.
    const malformed = () => new OAuth2Server.InvalidClientError("Invalid client: malformed Basic credentials", { code: 401 });
    if (colon < 0) throw malformed();
    const part = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, " "));
      } catch {
        throw malformed();
      }
    };
    return { clientId: part(decoded.slice(0, colon)), clientSecret: part(decoded.slice(colon + 1)), basic: true };
  }
  return { clientId: body.client_id, clientSecret: body.client_secret, basic: false };
}

/** POST /api/oauth/revoke (RFC 7009): the client revokes one of its tokens, and with it the
 * token's family. An unknown token, or another client's, is answered 200 all the same. */
export async function revocationEndpoint(req: Request): Promise<Response> {
  return withCors(await revoke(req));
}

async function revoke(req: Request): Promise<Response> {
  try {
    const body = await readForm(req);
    if (!body.token) throw new InvalidRequestError("Missing parameter: `token`");
    const { clientId, clientSecret } = clientCredentials(req, body);
    const client = clientId ? await tokenModel.getClient(clientId, clientSecret) : null;
    if (!client) throw new OAuth2Server.InvalidClientError("Invalid client: client is invalid");
    await revokeClientToken(client.id, body.token);
    return new Response(null, { status: 200, headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (!(err instanceof OAuth2Server.InvalidClientError)) return errorResponse(err);
    return Response.json(
      { error: err.name, error_description: err.message },
      { status: 401, headers: { "www-authenticate": 'Basic realm="Mailroom"', "cache-control": "no-store" } },
    );
  }
}
