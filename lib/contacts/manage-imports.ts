// An organization's contact imports, and one import with a page of its refused rows.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { ContactImport } from "@/lib/generated/prisma/client";

export const viewOfImport = (i: ContactImport) => ({
  id: i.id,
  status: i.status,
  listId: i.listId,
  rows: i.rows,
  created: i.created,
  updated: i.updated,
  failed: i.failed,
  error: i.error,
  createdAt: i.createdAt,
  finishedAt: i.finishedAt,
});

export async function listImports({ orgId, skip, take }: { orgId: string; skip: number; take: number }) {
  const where = { orgId };
  const [rows, total] = await Promise.all([
    db().contactImport.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
    db().contactImport.count({ where }),
  ]);
  return { items: rows.map(viewOfImport), total };
}

/** The import with its refused rows by line, one page of them; `total` counts them all. */
export async function getImportOrThrow({ orgId, id, skip, take }: { orgId: string; id: string; skip: number; take: number }) {
  const row = await db().contactImport.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("Import");
  const [errors, total] = await Promise.all([
    db().contactImportError.findMany({ where: { importId: id }, orderBy: { line: "asc" }, skip, take, select: { line: true, email: true, message: true } }),
    db().contactImportError.count({ where: { importId: id } }),
  ]);
  return { data: { ...viewOfImport(row), errors }, total };
}
