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

export function actorOf(p: Principal): { actorType: "user" | "api_key"; actorId: string } {
  return p.kind === "key" ? { actorType: "api_key", actorId: p.keyId } : { actorType: "user", actorId: p.userId };
}
