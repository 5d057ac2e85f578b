// One page of an organization's contacts, newest first, filtered (lib/contacts/contact-filter.ts).
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { contactWhere } from "@/lib/contacts/contact-filter";
import { CONTACT_COLUMNS, viewOfRaw, type RawContact } from "@/lib/contacts/contact-view";
import type { ListContactsQuery } from "@/lib/contacts/schemas";

export async function listContacts({ orgId, query }: { orgId: string; query: ListContactsQuery }) {
  const where = await contactWhere(orgId, query);
  const skip = (query.page - 1) * query.perPage;
  const [rows, count] = await Promise.all([
    db().$queryRaw<RawContact[]>(Prisma.sql`SELECT ${CONTACT_COLUMNS} FROM contacts c WHERE ${where}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${query.perPage} OFFSET ${skip}`),
    db().$queryRaw<{ total: number }[]>(Prisma.sql`SELECT count(*)::int AS total FROM contacts c WHERE ${where}`),
  ]);
  return { items: rows.map(viewOfRaw), total: Number(count[0].total) };
}
