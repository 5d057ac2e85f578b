// Every kind of caller, and what each must get on a route: the documented refusal (SPEC
// "Authentication" and "Errors", DESIGN.md §4), or through to the handler.
import { roleHas, SCOPE_PERMISSION, type Role } from "@/lib/auth/permissions";
import type { RouteEntry } from "./catalogue";
import type { Auth, Refusal } from "./exchange";
import type { OrgWorld } from "./world";

export type CredentialKind =
  | "none"
  | "malformed bearer"
  | "revoked key"
  | "key without the scope"
  | "project-bound key"
  | "full-access key"
  | "app token (owner)"
  | "app token (viewer)"
  | `session (${Role})`;

export const CREDENTIAL_KINDS: CredentialKind[] = [
  "none",
  "malformed bearer",
  "revoked key",
  "key without the scope",
  "project-bound key",
  "full-access key",
  "app token (owner)",
  "app token (viewer)",
  "session (owner)",
  "session (admin)",
  "session (member)",
  "session (viewer)",
];

/** Bearer values that are no credential: empty, junk, prefixes of real ones, very long. */
export const MALFORMED_BEARERS = [
  "",
  "mr_",
  `mr_${"a".repeat(43)}`,
  "mrat_nothing",
  "mr_'--",
  "null",
  "undefined",
  "x".repeat(6_000),
  "Bearer",
  "mr_%00",
  "ey.ey.ey",
];

export async function authOf(world: OrgWorld, kind: CredentialKind, route: RouteEntry, pick = 0): Promise<Auth> {
  switch (kind) {
    case "none":
      return {};
    case "malformed bearer":
      return { bearer: MALFORMED_BEARERS[pick % MALFORMED_BEARERS.length] };
    case "revoked key":
      return { bearer: world.keys.revoked };
    case "key without the scope":
      return { bearer: route.scope === world.keys.narrowA.scope ? world.keys.narrowB.key : world.keys.narrowA.key };
    case "project-bound key":
      return { bearer: world.keys.bound };
    case "full-access key":
      return { bearer: world.keys.star };
    case "app token (owner)":
      return { bearer: await world.oauth.owner() };
    case "app token (viewer)":
      return { bearer: await world.oauth.viewer() };
    default:
      return { cookie: world.cookies[/\((\w+)\)/.exec(kind)![1] as Role] };
  }
}

const INVALID_KEY = { status: 401, code: undefined, exact: { error: "Invalid API key" } } as const;

export type AuthExpectation =
  /** This refusal and nothing else. */
  | { refusal: Refusal | { status: 401; code: undefined; exact: Record<string, string> } }
  /** Past authentication and authorization: whatever the handler answers (in the documented shape). */
  | { through: true };

const roleOf = (kind: CredentialKind): Role | null => (/^session \((\w+)\)$/.exec(kind)?.[1] as Role | undefined) ?? null;

export function expectedFor(route: RouteEntry, kind: CredentialKind): AuthExpectation {
  const sessionOnly = !route.scope;
  const bearer = kind !== "none" && !kind.startsWith("session");
  // A bearer on a dashboard-only route is refused before it is even looked up.
  if (bearer && sessionOnly) return { refusal: { status: 403, code: "SESSION_ONLY" } };
  switch (kind) {
    case "none":
      return { refusal: route.family === "v1" ? INVALID_KEY : { status: 401, code: "UNAUTHORIZED" } };
    case "malformed bearer":
    case "revoked key":
      return { refusal: INVALID_KEY };
    case "key without the scope":
      return { refusal: { status: 403, code: "SCOPE_DENIED" } };
    case "project-bound key":
      return route.orgWide ? { refusal: { status: 403, code: "SCOPE_DENIED" } } : { through: true };
    case "full-access key":
    case "app token (owner)":
      return { through: true };
    case "app token (viewer)":
      // Its scopes are narrowed to the viewer's role; a permission the route names beyond its scope must be the viewer's too.
      if (!roleHas("viewer", SCOPE_PERMISSION[route.scope!])) return { refusal: { status: 403, code: "SCOPE_DENIED" } };
      return route.permission && !roleHas("viewer", route.permission)
        ? { refusal: { status: 403, code: "PERMISSION_DENIED" } }
        : { through: true };
    default: {
      const role = roleOf(kind)!;
      return route.permission && !roleHas(role, route.permission)
        ? { refusal: { status: 403, code: "PERMISSION_DENIED" } }
        : { through: true };
    }
  }
}

/** Codes that mean "not past authentication or authorization": a caller let through must never get them. */
export const AUTH_CODES = new Set(["INVALID_API_KEY", "UNAUTHORIZED", "SCOPE_DENIED", "SESSION_ONLY"]);

/** Role checks a handler makes beyond its route's permission, as documented: a caller let
 * through may still get PERMISSION_DENIED from these. */
export const HANDLER_ROLE_CHECKS: Record<string, string> = {
  "PUT /api/safety/mode": "SPEC: moving to production needs an admin (403)",
  "PATCH /api/org/members/{id}": "an admin cannot change an owner or make one (lib/members/change-member.ts)",
  "DELETE /api/org/members/{id}": "an admin cannot remove an owner (lib/members/change-member.ts)",
};
