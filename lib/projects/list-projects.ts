import { db } from "@/lib/db/client";

export async function listProjects({ orgId, skip, take }: { orgId: string; skip?: number; take?: number }) {
  const where = { orgId };
  const [items, total] = await Promise.all([
    db().project.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], skip, take }),
    db().project.count({ where }),
  ]);
  return { items, total };
}
