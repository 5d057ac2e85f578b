import { db } from "@/lib/db/client";

interface Options {
  orgId: string;
  /** Only this project (for a key bound to one project). */
  onlyProjectId?: string | null;
  skip?: number;
  take?: number;
}

export async function listProjects({ orgId, onlyProjectId, skip, take }: Options) {
  const where = onlyProjectId ? { orgId, id: onlyProjectId } : { orgId };
  const [items, total] = await Promise.all([
    db().project.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], skip, take }),
    db().project.count({ where }),
  ]);
  return { items, total };
}
