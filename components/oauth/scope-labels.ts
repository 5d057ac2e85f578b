// What each scope lets a connected app do, in words for the consent screen.
import { SCOPE_GROUPS } from "@/components/api-keys/scope-groups";

const WORDING: Record<string, string> = {
  "email:send": "Send email",
  "analytics:read": "See analytics and sent messages, their content included",
  "providers:read": "See sending providers",
  "org:read": "See the organization's settings",
  "org:write": "Change the organization's settings",
  "inbox:read": "Read the inbox",
  "inbox:send": "Reply from the inbox",
  "webhooks:read": "See webhook endpoints",
  "webhooks:write": "Create, change and delete webhook endpoints",
  "*": "Full access to everything",
};

/** "templates:read" → "See templates"; a name that is no scope of ours is shown as it is. */
export function scopeLabel(scope: string): string {
  if (WORDING[scope]) return WORDING[scope];
  const group = SCOPE_GROUPS.find((g) => g.scopes.some((s) => s.scope === scope));
  if (!group) return scope;
  const what = group.label.toLowerCase();
  const action = scope.split(":")[1];
  if (action === "read") return `See ${what}`;
  if (action === "write") return `Create, change and delete ${what}`;
  return `${group.label}: ${action}`;
}

/** Whether the name is a scope this product knows at all. */
export const isKnownScope = (scope: string) => scope === "*" || SCOPE_GROUPS.some((g) => g.scopes.some((s) => s.scope === scope));
