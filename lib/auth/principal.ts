import type { Role } from "@/lib/auth/permissions";

/** Who is calling, always within one organization: an API key, a signed-in dashboard user, or
 * a connected app holding an OAuth access token for a user (its scopes already narrowed to
 * what the user's role backs at this request). */
export type Principal =
  | {
      kind: "key";
      orgId: string;
      projectId: string | null;
      keyId: string;
      scopes: string[];
      rateLimitPerMinute: number;
      allowBulk: boolean;
    }
  | { kind: "session"; orgId: string; userId: string; role: Role }
  | {
      kind: "oauth";
      orgId: string;
      /** The user who approved the app; the app acts for them. */
      userId: string;
      role: Role;
      /** The connection (one user's approval of one app), which a user can revoke. */
      grantId: string;
      clientId: string;
      scopes: string[];
      rateLimitPerMinute: number;
    };

/** The product acting for the organization on its own (an inbound rule's forward or auto-reply); never a request's caller. */
export type SystemPrincipal = { kind: "system"; orgId: string; actor: string };

/** Who a send is for: a caller, or the product itself. */
export type SendPrincipal = Principal | SystemPrincipal;

export type ActorType = "user" | "api_key" | "oauth_app" | "system";

export function actorOf(p: SendPrincipal): { actorType: ActorType; actorId: string } {
  switch (p.kind) {
    case "system":
      return { actorType: "system", actorId: p.actor };
    case "key":
      return { actorType: "api_key", actorId: p.keyId };
    case "oauth":
      return { actorType: "oauth_app", actorId: p.grantId };
    case "session":
      return { actorType: "user", actorId: p.userId };
  }
}

/** The `createdBy` label of a resource a caller creates (templates, campaigns). */
export const createdByOf = (p: Principal): string => {
  const { actorType, actorId } = actorOf(p);
  return `${actorType}:${actorId}`;
};

/** The user behind a request, when there is one (a session, or the user an app acts for). */
export const userIdOf = (p: SendPrincipal): string | null => (p.kind === "session" || p.kind === "oauth" ? p.userId : null);

/** The project a credential is bound to (only keys can be), or null for the whole organization. */
export const boundProjectOf = (p: SendPrincipal): string | null => (p.kind === "key" ? p.projectId : null);
