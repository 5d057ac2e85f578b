// A key or an app's access token is checked for the route's scope; a session for the matching
// role permission. (An access token's scopes were narrowed to the user's role when it was read.)
import { AppError } from "@/lib/errors/app-error";
import type { Principal } from "@/lib/auth/principal";
import { keyHasScope, roleHas, SCOPE_PERMISSION, type Permission, type Scope } from "@/lib/auth/permissions";

export interface Requirement {
  scope?: Exclude<Scope, "*">;
  /** For sessions; defaults to the permission matching `scope`. */
  permission?: Permission;
}

export function authorize(principal: Principal, { scope, permission }: Requirement): void {
  if (principal.kind !== "session") {
    if (scope && !keyHasScope(principal.scopes, scope)) {
      throw new AppError("SCOPE_DENIED", `This ${principal.kind === "key" ? "API key" : "access token"} lacks the ${scope} scope`);
    }
    // An app acts for its user: a permission the route names beyond its scope must be the user's too.
    if (principal.kind === "oauth" && permission && !roleHas(principal.role, permission)) {
      throw new AppError("PERMISSION_DENIED", `The approving user's role (${principal.role}) lacks the ${permission} permission`);
    }
    return;
  }
  const needed = permission ?? (scope ? (SCOPE_PERMISSION[scope] as Permission) : undefined);
  if (needed && !roleHas(principal.role, needed)) {
    throw new AppError("PERMISSION_DENIED", `Your role (${principal.role}) lacks the ${needed} permission`);
  }
}
