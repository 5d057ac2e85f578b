import { db } from "@/lib/db/client";
import type { Role } from "@/lib/auth/permissions";

/** The user's membership of the organization with their current session version, or null. */
export async function findMembership({ orgId, userId }: { orgId: string; userId: string }) {
  const m = await db().membership.findUnique({
    where: { orgId_userId: { orgId, userId } },
    include: { user: { select: { sessionVersion: true, name: true } } },
  });
  return m ? { orgId: m.orgId, userId: m.userId, role: m.role as Role, sessionVersion: m.user.sessionVersion, name: m.user.name } : null;
}
