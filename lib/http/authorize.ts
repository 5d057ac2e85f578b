// A key is checked for the route's scope; a session for the matching role permission.
import { AppError } from "@/lib/http/errors";
import type { Principal } from "@/lib/http/principal";
import { keyHasScope, roleHas, SCOPE_PERMISSION, type Permission, type Scope } from "@/lib/auth/permissions";

export interface Requirement {
  scope?: Exclude<Scope, "*">;
  /** For sessions; defaults to the permission matching `scope`. */
  permission?: Permission;
}

export function authorize(principal: Principal, { scope, permission }: Requirement): void {
  if (principal.kind === "key") {
    if (scope && !keyHasScope(principal.scopes, scope)) {
      throw new AppError("SCOPE_DENIED", `This API key lacks the ${scope} scope`);
    }
    return;
  }
  const needed = permission ?? (scope ? (SCOPE_PERMISSION[scope] as Permission) : undefined);
  if (needed && !roleHas(principal.role, needed)) {
    throw new AppError("PERMISSION_DENIED", `Your role (${principal.role}) lacks the ${needed} permission`);
  }
}
