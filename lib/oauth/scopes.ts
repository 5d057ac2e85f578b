// Which scopes an app may hold: the v1 scopes ("*" is a key's full access, never granted to an
// app), narrowed to what the approving user's role backs — at approval, at every refresh and
// at every request.
import { roleHas, SCOPE_PERMISSION, SCOPES, type Role, type Scope } from "@/lib/auth/permissions";

export type AppScope = Exclude<Scope, "*">;
export const APP_SCOPES = SCOPES.filter((s): s is AppScope => s !== "*");

const isAppScope = (s: string): s is AppScope => (APP_SCOPES as readonly string[]).includes(s);

/** The scopes a role backs. */
export const roleScopes = (role: Role): AppScope[] => APP_SCOPES.filter((s) => roleHas(role, SCOPE_PERMISSION[s]));

/** Splits requested scopes into what the role backs and what it does not (unknown names are not granted). */
export function narrowToRole(requested: readonly string[], role: Role): { granted: AppScope[]; notGranted: string[] } {
  const backed = new Set<string>(roleScopes(role));
  const unique = [...new Set(requested)];
  return {
    granted: unique.filter((s): s is AppScope => isAppScope(s) && backed.has(s)),
    notGranted: unique.filter((s) => !backed.has(s)),
  };
}

/** The scopes a request names, or the client's registered scopes when it names none. */
export function requestedScopes(scopeParam: string | null | undefined, clientScopes: readonly string[]): string[] {
  const named = (scopeParam ?? "").split(" ").filter(Boolean);
  return named.length ? [...new Set(named)] : [...clientScopes];
}

export function unknownScopes(scopes: readonly string[]): string[] {
  return scopes.filter((s) => !isAppScope(s));
}
