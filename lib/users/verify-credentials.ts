// Sign-in check. Unknown addresses cost the same scrypt time as wrong passwords, so the
// response time does not reveal which addresses have accounts. The session opens the
// organization the user last switched to while they are still a member of it, else the one
// they joined first.
import { db } from "@/lib/db/client";
import { decoyHash, verifyPassword } from "@/lib/crypto/password";

export async function verifyCredentials(email: string, password: string) {
  const user = await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    include: { memberships: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { orgId: true, role: true } } },
  });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !ok || user.memberships.length === 0) return null;
  const m = user.memberships.find((x) => x.orgId === user.lastOrgId) ?? user.memberships[0];
  return { id: user.id, email: user.email, name: user.name, orgId: m.orgId, role: m.role, sessionVersion: user.sessionVersion };
}
