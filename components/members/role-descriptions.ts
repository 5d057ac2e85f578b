import type { Role } from "@/lib/auth/permissions";

/** One line per role for pickers, matching the permission sets in lib/auth/permissions.ts. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including making other owners.",
  admin: "Manage API keys, members, projects and settings.",
  member: "Send email and edit templates, lists and contacts.",
  viewer: "Read-only access.",
};

export function roleLabel(role: Role): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
