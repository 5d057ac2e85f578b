import { db } from "@/lib/db/client";
import { memberView } from "@/lib/members/member-view";

interface Options {
  orgId: string;
  /** A page of the list (GET /api/v1/organization/members); all members without. */
  skip?: number;
  take?: number;
}

export async function listMembers({ orgId, skip, take }: Options) {
  const rows = await db().membership.findMany({
    where: { orgId },
    include: { user: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    skip,
    take,
  });
  return rows.map((m) => memberView(m, m.user));
}

export async function countMembers({ orgId }: { orgId: string }) {
  return db().membership.count({ where: { orgId } });
}
