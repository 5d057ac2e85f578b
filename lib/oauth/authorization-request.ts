// Reads an authorization request (the app's link to the consent screen) for a signed-in user:
// what the consent screen shows, and where a bad request goes. A request with an unknown app
// or a redirect URI the app did not register is never redirected (RFC 6749 §4.1.2.1): the
// user sees the error. Other mistakes go back as protocol errors only to an app an
// organization registered in the dashboard; anyone can register an app with any redirect URI
// (dynamic registration), so for those the user sees the error on our page instead: an
// automatic redirect would make the endpoint an open redirector (RFC 9700 §4.11.2).
import type { Role } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { oauthEndpoints } from "@/lib/oauth/metadata";
import { findClient, type OAuthClientRecord } from "@/lib/oauth/client-record";
import { narrowToRole, requestedScopes, type AppScope } from "@/lib/oauth/scopes";
import { quotedTenantText } from "@/lib/system-mail/tenant-text";

export interface Approver {
  id: string;
  orgId: string;
  role: Role;
}

export type AuthorizationRequest =
  | { outcome: "error"; message: string; appError?: AppErrorShown }
  | { outcome: "redirect"; location: string }
  | {
      outcome: "consent";
      client: Pick<OAuthClientRecord, "clientId" | "name" | "clientUri" | "registeredBy">;
      organization: string;
      /** The normalized parameters the approval form posts back (with `approver`: see approverOf). */
      params: Record<string, string>;
      granted: AppScope[];
      notGranted: string[];
    };

/** A protocol error shown on our page rather than sent to a self-registered app: the app's
 * name, the error, and at most a plain link to the origin of its redirect URI. */
export interface AppErrorShown {
  client: string;
  error: string;
  /** The redirect URI's origin for an http(s) address; nothing for a private-use scheme. */
  returnTo?: string;
}

/** Whether errors may go back to the app without a screen: only an app an organization's
 * admin registered in the dashboard (its redirect URIs are the organization's word). */
export const redirectsErrors = (client: Pick<OAuthClientRecord, "registeredBy" | "orgId">) =>
  client.registeredBy === "dashboard" && client.orgId !== null;

function originOf(uri: string): string | undefined {
  const url = new URL(uri);
  return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
}

/** RFC 7636: 43–128 characters of the unreserved set. */
const CODE_CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The address the browser is sent back to the app at: the registered redirect URI with its own
 * query kept exactly as registered, then the response's parameters, then `iss` (RFC 9207: which
 * server answered, so an app that talks to several cannot be mixed up). */
export function redirectBack(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  const added = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) added.set(name, value);
  added.set("iss", oauthEndpoints().issuer);
  url.search = url.search.length > 1 ? `${url.search.slice(1)}&${added}` : added.toString();
  return url.href;
}

export function errorRedirect(redirectUri: string, error: string, description: string, state?: string): string {
  return redirectBack(redirectUri, { error, error_description: description, state });
}

/** Who the consent screen was shown to: the form carries it back, and an approval from anyone
 * else (another account signed in since, in another tab) is refused. */
export const approverOf = (approver: Approver) => `${approver.orgId}:${approver.id}`;

export async function readAuthorizationRequest(
  params: Record<string, string | undefined>,
  approver: Approver,
): Promise<AuthorizationRequest> {
  const clientId = params.client_id;
  const client = clientId ? await findClient(clientId) : null;
  if (!client) return { outcome: "error", message: "This link names an app that is not registered here." };
  if (client.orgId && client.orgId !== approver.orgId) {
    // Another organization's words: quoted and defanged, as a self-registered app's are below.
    return {
      outcome: "error",
      message: `${quotedTenantText(client.name)} is registered to another organization; only its members can connect it.`,
    };
  }
  const redirectUri = params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  // Anyone may register an app, under any name: on our pages a self-registered app's name is
  // quoted and defanged like any tenant text (no "Mailroom Security https://…" as our words).
  const name = client.registeredBy === "dynamic" ? quotedTenantText(client.name) : client.name;
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return { outcome: "error", message: `The address ${name} asked to return to is not one it registered.` };
  }
  const state = params.state;
  const back = (error: string, description: string): AuthorizationRequest =>
    redirectsErrors(client)
      ? { outcome: "redirect", location: errorRedirect(redirectUri, error, description, state) }
      : { outcome: "error", message: `${description}.`, appError: { client: name, error, returnTo: originOf(redirectUri) } };
  if (params.response_type !== "code") return back("unsupported_response_type", "Only response_type=code is supported");
  if (!params.code_challenge || params.code_challenge_method !== "S256") {
    return back("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256");
  }
  if (!CODE_CHALLENGE.test(params.code_challenge)) return back("invalid_request", "code_challenge is malformed");

  const requested = requestedScopes(params.scope, client.scopes);
  const outsideRegistration = requested.filter((s) => !client.scopes.includes(s));
  const { granted, notGranted } = narrowToRole(
    requested.filter((s) => client.scopes.includes(s)),
    approver.role,
  );
  const org = await db().organization.findUniqueOrThrow({ where: { id: approver.orgId }, select: { name: true } });
  return {
    outcome: "consent",
    client: { clientId: client.clientId, name, clientUri: client.clientUri, registeredBy: client.registeredBy },
    organization: org.name,
    params: {
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: redirectUri,
      scope: requested.join(" "),
      code_challenge: params.code_challenge,
      code_challenge_method: "S256",
      ...(state ? { state } : {}),
      approver: approverOf(approver),
    },
    granted,
    notGranted: [...notGranted, ...outsideRegistration],
  };
}
