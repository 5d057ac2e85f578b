// GET /api/v1/contacts/export: the filtered contacts as CSV, streamed. Rows are read in chunks
// of EXPORT_CHUNK by keyset over (created_at, id), each chunk written as it arrives, so a
// million contacts never sit in memory. Columns: email, name, subscription_status, created_at,
// then one per property definition (by key). Cells are escaped against formula injection
// (lib/contacts/csv-cells.ts), and the file imports back as it is.
import { stringify } from "csv-stringify/sync";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { contactWhere } from "@/lib/contacts/contact-filter";
import { listProperties } from "@/lib/contacts/manage-properties";
import { escapeFormula } from "@/lib/contacts/csv-cells";
import type { PropertyValue } from "@/lib/contacts/property-values";
import type { ContactFilterQuery } from "@/lib/contacts/schemas";

const EXPORT_CHUNK = 1000;

interface ExportRow {
  id: string;
  email: string;
  name: string;
  properties: Record<string, PropertyValue>;
  subscription_status: string;
  created_at: Date;
}

const cellOf = (v: PropertyValue | undefined) => (v === undefined ? "" : typeof v === "string" ? escapeFormula(v) : String(v));

/** The CSV response; the filters are checked (400) before anything is sent. */
export async function exportContacts({ orgId, query }: { orgId: string; query: ContactFilterQuery }): Promise<Response> {
  const where = await contactWhere(orgId, query);
  const keys = (await listProperties({ orgId })).map((p) => p.key);
  const encoder = new TextEncoder();
  let after: { createdAt: Date; id: string } | null = null;
  let started = false;

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(stringify([["email", "name", "subscription_status", "created_at", ...keys]])));
        return;
      }
      const keyset = after ? Prisma.sql`AND (c.created_at, c.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty;
      const rows = await db().$queryRaw<ExportRow[]>(Prisma.sql`
        SELECT c.id, c.email, c.name, c.properties, c.subscription_status, c.created_at FROM contacts c
        WHERE ${where} ${keyset} ORDER BY c.created_at, c.id LIMIT ${EXPORT_CHUNK}`);
      if (rows.length === 0) return controller.close();
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, id: last.id };
      const records = rows.map((r) => [
        escapeFormula(r.email),
        escapeFormula(r.name),
        r.subscription_status,
        r.created_at.toISOString(),
        ...keys.map((k) => cellOf(r.properties[k])),
      ]);
      controller.enqueue(encoder.encode(stringify(records)));
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="contacts-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
