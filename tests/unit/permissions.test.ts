import { describe, expect, it } from "vitest";
import { authorize } from "@/lib/auth/authorize";
import type { AppError } from "@/lib/errors/app-error";
import {
  PERMISSIONS,
  ROLES,
  SCOPES,
  SCOPE_PERMISSION,
  canAssignRole,
  keyHasScope,
  roleHas,
  type Permission,
  type Role,
} from "@/lib/auth/permissions";

describe("roles and permissions", () => {
  it("gives safety.configure to owner and admin only", () => {
    expect(ROLES.filter((r) => roleHas(r, "safety.configure"))).toEqual(["owner", "admin"]);
  });

  it("orders roles: every viewer permission is a member's, every member's an admin's", () => {
    expect(PERMISSIONS).toContain("keys.manage");
    expect(PERMISSIONS).toContain("inbound.manage");
    for (const p of PERMISSIONS) {
      if (roleHas("viewer", p)) expect(roleHas("member", p), p).toBe(true);
      if (roleHas("member", p)) expect(roleHas("admin", p), p).toBe(true);
      expect(roleHas("owner", p), p).toBe(roleHas("admin", p));
    }
  });

  it("lets viewers read but not write or send", () => {
    expect(roleHas("viewer", "analytics.view")).toBe(true);
    expect(roleHas("viewer", "email.send")).toBe(false);
    expect(roleHas("viewer", "org.manage")).toBe(false);
    expect(roleHas("member", "email.send")).toBe(true);
    expect(roleHas("member", "keys.manage")).toBe(false);
  });

  it("maps every scope but * to a permission that some role holds", () => {
    for (const scope of SCOPES) {
      if (scope === "*") continue;
      const permission = SCOPE_PERMISSION[scope] as Permission;
      expect(
        ROLES.some((r) => roleHas(r, permission)),
        scope,
      ).toBe(true);
    }
  });

  it("checks key scopes, with * meaning all", () => {
    expect(keyHasScope(["org:read"], "org:read")).toBe(true);
    expect(keyHasScope(["org:read"], "org:write")).toBe(false);
    expect(keyHasScope(["*"], "webhooks:write")).toBe(true);
    expect(keyHasScope([], "org:read")).toBe(false);
  });

  it("lets only owners make owners, and members assign nothing", () => {
    expect(canAssignRole("owner", "owner")).toBe(true);
    expect(canAssignRole("admin", "owner")).toBe(false);
    expect(canAssignRole("admin", "admin")).toBe(true);
    expect(canAssignRole("member", "viewer")).toBe(false);
    expect(roleHas("superuser" as Role, "org.view")).toBe(false);
  });
});

describe("authorize", () => {
  const app = (role: Role, scopes: string[]) =>
    ({ kind: "oauth", orgId: "o", userId: "u", role, grantId: "g", clientId: "c", scopes, rateLimitPerMinute: 60 }) as const;
  const refusal = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      return (err as AppError).code;
    }
    return null;
  };

  it("holds an app's token to its scopes and to the permission a route names beyond its scope", () => {
    expect(refusal(() => authorize(app("member", ["org:read"]), { scope: "org:read" }))).toBeNull();
    expect(refusal(() => authorize(app("member", ["org:read"]), { scope: "templates:read" }))).toBe("SCOPE_DENIED");
    expect(refusal(() => authorize(app("member", ["org:read"]), { scope: "org:read", permission: "inbound.manage" }))).toBe(
      "PERMISSION_DENIED",
    );
    expect(refusal(() => authorize(app("admin", ["org:read"]), { scope: "org:read", permission: "inbound.manage" }))).toBeNull();
  });
});
