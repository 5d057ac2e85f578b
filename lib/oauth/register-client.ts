// Registering an app: by an organization's admin in the dashboard (org-bound; public or
// confidential, a secret shown once and kept as a hash), or by the app itself through RFC 7591
// dynamic registration (public only: anyone may register, so nothing secret is handed out).
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto/tokens";
import { recordAudit } from "@/lib/audit/record-audit";
import { APP_SCOPES, unknownScopes } from "@/lib/oauth/scopes";
import { newToken } from "@/lib/oauth/token-format";
import { redirectUriProblem, type CreateAppInput, type DynamicRegistrationInput } from "@/lib/oauth/schemas";

export async function createApp({ orgId, userId, input }: { orgId: string; userId: string; input: CreateAppInput }) {
  const clientSecret = input.confidential ? newToken("clientSecret") : null;
  const client = await db().$transaction(async (tx) => {
    const created = await tx.oAuthClient.create({
      data: {
        clientId: newToken("clientId"),
        orgId,
        name: input.name,
        redirectUris: [...new Set(input.redirectUris)],
        scopes: [...new Set(input.scopes)],
        secretHash: clientSecret ? sha256Hex(clientSecret) : null,
        registeredBy: "dashboard",
        createdByUserId: userId,
        clientUri: input.clientUri ?? null,
      },
    });
    await recordAudit(
      {
        orgId,
        actorType: "user",
        actorId: userId,
        action: "oauth_app.registered",
        targetType: "oauth_client",
        targetId: created.id,
        metadata: { name: created.name, clientId: created.clientId, confidential: input.confidential },
      },
      tx,
    );
    return created;
  });
  return { client, clientSecret };
}

/** An RFC 7591 §3.2.2 error: what the registration endpoint answers with 400. */
export class RegistrationError extends Error {
  constructor(
    readonly error: "invalid_redirect_uri" | "invalid_client_metadata",
    description: string,
  ) {
    super(description);
  }
}

export async function registerDynamicClient(input: DynamicRegistrationInput) {
  for (const uri of input.redirect_uris) {
    const problem = uri.length > 2000 ? "is too long" : redirectUriProblem(uri);
    if (problem) throw new RegistrationError("invalid_redirect_uri", `redirect_uris: ${uri.slice(0, 200)} ${problem}`);
  }
  const requested = input.scope ? [...new Set(input.scope.split(" ").filter(Boolean))] : [...APP_SCOPES];
  const unknown = unknownScopes(requested);
  if (unknown.length) throw new RegistrationError("invalid_client_metadata", `scope: unknown scope(s) ${unknown.slice(0, 10).join(", ")}`);
  if (!requested.length) throw new RegistrationError("invalid_client_metadata", "scope: name at least one scope");
  const name = input.client_name ?? new URL(input.redirect_uris[0]).host ?? "Unnamed app";
  const client = await db().oAuthClient.create({
    data: {
      clientId: newToken("clientId"),
      name: name || "Unnamed app",
      redirectUris: [...new Set(input.redirect_uris)],
      scopes: requested,
      registeredBy: "dynamic",
      clientUri: input.client_uri ?? null,
    },
  });
  return {
    client_id: client.clientId,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    ...(client.clientUri ? { client_uri: client.clientUri } : {}),
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    scope: client.scopes.join(" "),
  };
}
