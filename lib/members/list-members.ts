import { db } from "@/lib/db/client";
import { memberView } from "@/lib/members/member-view";

export async function listMembers({ orgId }: { orgId: string }) {
  const rows = await db().membership.findMany({
    where: { orgId },
    include: { user: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((m) => memberView(m, m.user));
}
