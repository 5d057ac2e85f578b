// Authorization server metadata (RFC 8414), served at /.well-known/oauth-authorization-server.
import { env } from "@/lib/env";
import { APP_SCOPES } from "@/lib/oauth/scopes";

export const oauthEndpoints = () => {
  const issuer = env().APP_URL.replace(/\/+$/, "");
  return {
    issuer,
    authorization: `${issuer}/oauth/authorize`,
    token: `${issuer}/api/oauth/token`,
    registration: `${issuer}/api/oauth/register`,
    revocation: `${issuer}/api/oauth/revoke`,
  };
};

export function authorizationServerMetadata() {
  const e = oauthEndpoints();
  return {
    issuer: e.issuer,
    authorization_endpoint: e.authorization,
    token_endpoint: e.token,
    registration_endpoint: e.registration,
    revocation_endpoint: e.revocation,
    scopes_supported: APP_SCOPES,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    // RFC 9207: every redirect back to an app names this server in `iss`.
    authorization_response_iss_parameter_supported: true,
    token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
  };
}
