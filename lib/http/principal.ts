import type { Role } from "@/lib/auth/permissions";

/** Who is calling: an API key or a signed-in dashboard user, always within one organization. */
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
  | { kind: "session"; orgId: string; userId: string; role: Role };

/** The product acting for the organization on its own (an inbound rule's forward or auto-reply); never a request's caller. */
export type SystemPrincipal = { kind: "system"; orgId: string; actor: string };

/** Who a send is for: a caller, or the product itself. */
export type SendPrincipal = Principal | SystemPrincipal;

export function actorOf(p: Principal): { actorType: "user" | "api_key"; actorId: string };
export function actorOf(p: SendPrincipal): { actorType: "user" | "api_key" | "system"; actorId: string };
export function actorOf(p: SendPrincipal): { actorType: "user" | "api_key" | "system"; actorId: string } {
  if (p.kind === "system") return { actorType: "system", actorId: p.actor };
  return p.kind === "key" ? { actorType: "api_key", actorId: p.keyId } : { actorType: "user", actorId: p.userId };
}
