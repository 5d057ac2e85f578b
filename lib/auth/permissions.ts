// Roles, permissions and API-key scopes, and how they map onto each other (DESIGN.md §4).
// The one place that says who may do what.

export const ROLES = ["owner", "admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const SCOPES = [
  "email:send",
  "templates:read",
  "templates:write",
  "senders:read",
  "senders:write",
  "analytics:read",
  "campaigns:read",
  "campaigns:write",
  "lists:read",
  "lists:write",
  "sequences:read",
  "sequences:write",
  "domains:read",
  "domains:write",
  "contacts:read",
  "contacts:write",
  "providers:read",
  "org:read",
  "org:write",
  "inbox:read",
  "inbox:send",
  "webhooks:read",
  "webhooks:write",
  "use-cases:read",
  "use-cases:write",
  "*",
] as const;
export type Scope = (typeof SCOPES)[number];

/** The permission a session needs where a key would need the scope. */
export const SCOPE_PERMISSION = {
  "email:send": "email.send",
  "templates:read": "templates.view",
  "templates:write": "templates.manage",
  "senders:read": "senders.view",
  "senders:write": "senders.manage",
  "analytics:read": "analytics.view",
  "campaigns:read": "campaigns.view",
  "campaigns:write": "campaigns.manage",
  "lists:read": "lists.view",
  "lists:write": "lists.manage",
  "sequences:read": "sequences.view",
  "sequences:write": "sequences.manage",
  "domains:read": "domains.view",
  "domains:write": "domains.manage",
  "contacts:read": "contacts.view",
  "contacts:write": "contacts.manage",
  "providers:read": "providers.view",
  "org:read": "org.view",
  "org:write": "org.manage",
  "inbox:read": "inbox.view",
  "inbox:send": "inbox.send",
  "webhooks:read": "webhooks.view",
  "webhooks:write": "webhooks.manage",
  "use-cases:read": "use-cases.view",
  "use-cases:write": "use-cases.manage",
} as const satisfies Record<Exclude<Scope, "*">, Permission>;

const VIEW = [
  "org.view",
  "analytics.view",
  "templates.view",
  "senders.view",
  "campaigns.view",
  "lists.view",
  "sequences.view",
  "domains.view",
  "contacts.view",
  "providers.view",
  "inbox.view",
  "webhooks.view",
  "use-cases.view",
  "members.view",
  "keys.view",
] as const;
const MEMBER = [
  ...VIEW,
  "email.send",
  "inbox.send",
  "templates.manage",
  "senders.manage",
  "lists.manage",
  "campaigns.manage",
  "sequences.manage",
  "contacts.manage",
  "use-cases.manage",
] as const;
const ADMIN = [
  ...MEMBER,
  "org.manage",
  "providers.manage",
  "webhooks.manage",
  "keys.manage",
  "members.manage",
  "inbound.manage",
  "domains.manage",
  "safety.configure",
] as const;

export type Permission = (typeof ADMIN)[number];

const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(ADMIN),
  admin: new Set(ADMIN),
  member: new Set(MEMBER),
  viewer: new Set(VIEW),
};

export const PERMISSIONS: readonly Permission[] = [...new Set(ADMIN)];

export function roleHas(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role]?.has(permission) ?? false;
}

export function keyHasScope(scopes: readonly string[], scope: Scope): boolean {
  return scopes.includes("*") || scopes.includes(scope);
}

/** Roles a user may hand out: nobody grants more than they hold, and only owners make owners. */
export function canAssignRole(actor: Role, target: Role): boolean {
  if (actor === "owner") return true;
  if (actor === "admin") return target !== "owner";
  return false;
}
