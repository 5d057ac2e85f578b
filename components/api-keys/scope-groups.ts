import { SCOPES, type Scope } from "@/lib/auth/permissions";

export const FULL_ACCESS: Scope = "*";

export interface ScopeGroup {
  /** "templates", "use-cases"... the part before the colon. */
  resource: string;
  label: string;
  scopes: { scope: Scope; action: string }[];
}

const LABELS: Record<string, string> = { email: "Email", org: "Organization", "use-cases": "Use cases" };

function labelFor(resource: string): string {
  return LABELS[resource] ?? resource.charAt(0).toUpperCase() + resource.slice(1);
}

/** SCOPES grouped by resource, in the order permissions.ts lists them; "*" is left out. */
export const SCOPE_GROUPS: ScopeGroup[] = SCOPES.reduce<ScopeGroup[]>((groups, scope) => {
  if (scope === FULL_ACCESS) return groups;
  const [resource, action] = scope.split(":");
  let group = groups.find((g) => g.resource === resource);
  if (!group) {
    group = { resource, label: labelFor(resource), scopes: [] };
    groups.push(group);
  }
  group.scopes.push({ scope, action });
  return groups;
}, []);
