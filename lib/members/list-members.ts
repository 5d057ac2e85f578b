import { db } from "@/lib/db/client";

export async function listMembers({ orgId }: { orgId: string }) {
  const rows = await db().membership.findMany({
    where: { orgId },
    include: { user: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((m) => ({
    id: m.id,
    userId: m.userId,
    email: m.user.email,
    name: m.user.name,
    role: m.role,
    createdAt: m.createdAt,
  }));
}
