// An organization's contact imports, and one import with a page of its refused rows. An import
// runs inside its upload's request; one whose server stopped (a crash, a deploy) mid-import
// would show "running" for ever, so reading the imports first marks those as failed.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ContactImport } from "@/lib/generated/prisma/client";

/**
 * No live import is this old: Node ends a request whose body has not all arrived within 5
 * minutes (its requestTimeout), and an import reads its upload as it writes. Were one still
 * running, its end would set its real status over this one.
 */
export const IMPORT_STALE_AFTER_MS = 30 * 60 * 1000;
const INTERRUPTED = "interrupted: the server stopped during the import; the rows counted were imported";

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

/** The organization's imports still running long after they started, marked failed (audited as the system). */
async function failInterruptedImports(orgId: string) {
  const stale = await db().contactImport.findMany({
    where: { orgId, status: "running", createdAt: { lt: new Date(Date.now() - IMPORT_STALE_AFTER_MS) } },
    select: { id: true },
  });
  for (const { id } of stale) {
    await db().$transaction(async (tx) => {
      const { count } = await tx.contactImport.updateMany({
        where: { id, status: "running" },
        data: { status: "failed", error: INTERRUPTED, finishedAt: new Date() },
      });
      if (count === 0) return; // finished meanwhile
      const row = await tx.contactImport.findUniqueOrThrow({ where: { id } });
      const metadata = {
        listId: row.listId,
        rows: row.rows,
        created: row.created,
        updated: row.updated,
        failed: row.failed,
        error: INTERRUPTED,
      };
      await recordAudit(
        {
          orgId,
          actorType: "system",
          actorId: "contact_import_watchdog",
          action: "contact_import.failed",
          targetType: "contact_import",
          targetId: id,
          metadata,
        },
        tx,
      );
    });
  }
}

export async function listImports({ orgId, skip, take }: { orgId: string; skip: number; take: number }) {
  await failInterruptedImports(orgId);
  const where = { orgId };
  const [rows, total] = await Promise.all([
    db().contactImport.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
    db().contactImport.count({ where }),
  ]);
  return { items: rows.map(viewOfImport), total };
}

/** The import with its refused rows by line, one page of them; `total` counts them all. */
export async function getImportOrThrow({ orgId, id, skip, take }: { orgId: string; id: string; skip: number; take: number }) {
  await failInterruptedImports(orgId);
  const row = await db().contactImport.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("Import");
  const [errors, total] = await Promise.all([
    db().contactImportError.findMany({
      where: { importId: id },
      orderBy: { line: "asc" },
      skip,
      take,
      select: { line: true, email: true, message: true },
    }),
    db().contactImportError.count({ where: { importId: id } }),
  ]);
  return { data: { ...viewOfImport(row), errors }, total };
}
