import { db } from "@/lib/db/client";
import type { Role } from "@/lib/auth/permissions";

export async function findMembership({ orgId, userId }: { orgId: string; userId: string }) {
  const m = await db().membership.findUnique({ where: { orgId_userId: { orgId, userId } } });
  return m ? { ...m, role: m.role as Role } : null;
}
