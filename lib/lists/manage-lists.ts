// Create, read, update and delete an organization's contact lists, with their member counts.
// Another organization's list is "not found"; a name the organization already uses is 409.
// Every change is audited.
import { Prisma } from "@/lib/generated/prisma/client";
import type { ContactList } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CreateListInput, UpdateListInput } from "@/lib/lists/schemas";

interface RawList {
  id: string;
  name: string;
  description: string;
  created_at: Date;
  updated_at: Date;
  members: number;
  subscribed_members: number;
}

const view = (l: RawList) => ({
  id: l.id,
  name: l.name,
  description: l.description,
  members: Number(l.members),
  subscribedMembers: Number(l.subscribed_members),
  createdAt: l.created_at,
  updatedAt: l.updated_at,
});

// Both counts in one pass over the list's members.
const SELECT_LISTS = Prisma.sql`SELECT l.id, l.name, l.description, l.created_at, l.updated_at, k.members, k.subscribed_members
  FROM contact_lists l CROSS JOIN LATERAL (
    SELECT count(*)::int AS members, count(*) FILTER (WHERE c.subscription_status = 'subscribed')::int AS subscribed_members
    FROM contact_list_members m JOIN contacts c ON c.id = m.contact_id WHERE m.list_id = l.id) k`;

const nameTaken = (name: string) => new AppError("CONFLICT", `A list named "${name}" already exists`);

const audit = (
  principal: Principal,
  action: string,
  l: { id: string; name: string },
  tx: Prisma.TransactionClient,
  metadata: Prisma.InputJsonObject = {},
) =>
  recordAudit(
    {
      orgId: principal.orgId,
      ...actorOf(principal),
      action,
      targetType: "contact_list",
      targetId: l.id,
      metadata: { name: l.name, ...metadata },
    },
    tx,
  );

export async function listLists({ orgId, skip, take }: { orgId: string; skip: number; take: number }) {
  const [rows, total] = await Promise.all([
    db().$queryRaw<RawList[]>(
      Prisma.sql`${SELECT_LISTS} WHERE l.org_id = ${orgId}::uuid ORDER BY l.created_at DESC, l.id ASC LIMIT ${take} OFFSET ${skip}`,
    ),
    db().contactList.count({ where: { orgId } }),
  ]);
  return { items: rows.map(view), total };
}

/** The list row, or 404 when the organization has no such list. */
export async function getListRowOrThrow({ orgId, id }: { orgId: string; id: string }): Promise<ContactList> {
  const row = await db().contactList.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("List");
  return row;
}

export async function getListOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const [row] = await db().$queryRaw<RawList[]>(Prisma.sql`${SELECT_LISTS} WHERE l.org_id = ${orgId}::uuid AND l.id = ${id}::uuid`);
  if (!row) throw notFound("List");
  return view(row);
}

export async function createList({ principal, input }: { principal: Principal; input: CreateListInput }) {
  try {
    const l = await db().$transaction(async (tx) => {
      const created = await tx.contactList.create({ data: { orgId: principal.orgId, name: input.name, description: input.description } });
      await audit(principal, "list.created", created, tx);
      return created;
    });
    return getListOrThrow({ orgId: principal.orgId, id: l.id });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

export async function updateList({ principal, id, input }: { principal: Principal; id: string; input: UpdateListInput }) {
  const existing = await getListRowOrThrow({ orgId: principal.orgId, id });
  try {
    await db().$transaction(async (tx) => {
      const { count } = await tx.contactList.updateMany({ where: { id: existing.id, orgId: principal.orgId }, data: input });
      if (count === 0) throw notFound("List"); // deleted meanwhile
      const name = input.name ?? existing.name;
      await audit(principal, "list.updated", { id: existing.id, name }, tx, {
        changes: Object.keys(input),
        ...(name !== existing.name ? { previousName: existing.name } : {}),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err) && input.name !== undefined) throw nameTaken(input.name);
    throw err;
  }
  return getListOrThrow({ orgId: principal.orgId, id: existing.id });
}

/** Deletes the list and its memberships; the contacts stay. Campaigns and sequences that used it keep none (SET NULL). */
export async function deleteList({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getListRowOrThrow({ orgId: principal.orgId, id });
  await db().$transaction(async (tx) => {
    const { count } = await tx.contactList.deleteMany({ where: { id: existing.id, orgId: principal.orgId } });
    if (count === 0) throw notFound("List"); // deleted meanwhile
    await audit(principal, "list.deleted", existing, tx);
  });
  return { id: existing.id, deleted: true as const };
}
