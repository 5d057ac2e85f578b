// The refresh_token grant, checking the request before the token is spent. The library's own
// grant rotates (spends) the presented refresh token first and only then checks a `scope`
// parameter, so an app asking for a scope it does not hold would lose its token to an
// invalid_scope answer, and its next, proper refresh would look like a reuse and revoke the
// family. Here the order is: find the token, check the scope, spend it, issue the new pair.
import type OAuth2Server from "@node-oauth/oauth2-server";
// @ts-expect-error -- the package ships this class without typings (only AbstractGrantType is typed).
import RefreshTokenGrantType from "@node-oauth/oauth2-server/lib/grant-types/refresh-token-grant-type";

interface RefreshGrant {
  getRefreshToken(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.RefreshToken>;
  getScope(request: OAuth2Server.Request, token: OAuth2Server.RefreshToken): string[] | undefined;
  revokeToken(token: OAuth2Server.RefreshToken): Promise<OAuth2Server.RefreshToken>;
  saveToken(user: OAuth2Server.User, client: OAuth2Server.Client, scope: string[] | undefined): Promise<OAuth2Server.Token>;
}

const Base = RefreshTokenGrantType as unknown as new (options: object) => RefreshGrant;

export class CheckedRefreshGrant extends Base {
  async handle(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.Token> {
    const token = await this.getRefreshToken(request, client);
    const scope = this.getScope(request, token); // invalid_scope here leaves the token unspent
    await this.revokeToken(token);
    return this.saveToken(token.user, client, scope);
  }
}

/** For the server's `extendedGrantTypes`, which replaces the library's grant of the same name. */
export const refreshGrantType = CheckedRefreshGrant as unknown as typeof OAuth2Server.AbstractGrantType;
