// One batch of an import in one SQL statement: new addresses inserted, existing ones updated
// (an empty cell keeps the stored value: NULL here), the refused rows recorded, the import's
// totals advanced, and with a list every contact of the batch made a member. The statement
// commits on its own, so an import's progress is visible as it goes and a failure part-way
// keeps what was done.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import type { ImportRow } from "@/lib/contacts/import-row";

export type GoodRow = Extract<ImportRow, { ok: true }> & { line: number };
export interface RefusedRow {
  line: number;
  email: string | null;
  message: string;
}

export interface BatchResult {
  /** Addresses written (created or updated). */
  written: Set<string>;
  /** Contacts that joined the list with this batch (not members before). */
  joined: string[];
}

type BatchArgs = { orgId: string; importId: string; listId: string | null; good: GoodRow[]; refused: RefusedRow[]; rows: number };

/**
 * `rows`: how many CSV rows this batch accounts for (good and refused, first counted). Two
 * imports (or an import and a list's members route) writing the same addresses at once lock
 * their rows: the batch goes in address order, as the members route does, and a statement that
 * still loses a deadlock is run again (it is one statement: nothing of it was kept).
 */
export async function writeBatch(args: BatchArgs): Promise<BatchResult> {
  const sorted = { ...args, good: [...args.good].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)) };
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeOnce(sorted);
    } catch (err) {
      const { code, constraint } = err as { code?: string; constraint?: string };
      // The list was deleted while its import ran: its members cannot be added any more.
      if (code === "23503" && constraint === "contact_list_members_list_id_fkey")
        throw new AppError("NOT_FOUND", "List not found: it was deleted during the import");
      if (code !== "40P01" || attempt >= 3) throw err;
    }
  }
}

// The INSERT skips addresses that exist (DO NOTHING) and the UPDATE, reading the statement's
// snapshot, sees only rows that existed before it: each address is either created or updated.
// An address another request created meanwhile is neither: it is missing from `written`, and
// the caller writes it again in a statement of its own (which sees it, and updates it).
async function writeOnce({ orgId, importId, listId, good, refused, rows }: BatchArgs): Promise<BatchResult> {
  const [result] = await rawQuery<{ written: string[]; joined: string[] }>(Prisma.sql`
WITH input AS (
  SELECT * FROM unnest(${good.map((r) => r.email)}::text[], ${good.map((r) => r.name)}::text[], ${good.map((r) => r.status)}::text[],
    ${good.map((r) => JSON.stringify(r.properties))}::jsonb[]) AS t(email, name, status, props)),
inserted AS (
  INSERT INTO contacts (id, org_id, email, name, properties, subscription_status, unsubscribed_at, created_at, updated_at)
  SELECT gen_random_uuid(), ${orgId}::uuid, email, coalesce(name, ''), props, coalesce(status, 'subscribed'),
    CASE WHEN status = 'unsubscribed' THEN now() END, now(), now()
  FROM input
  ON CONFLICT (org_id, email) DO NOTHING
  RETURNING id, email),
updated AS (
  UPDATE contacts c SET
    name = coalesce(i.name, c.name),
    properties = c.properties || i.props,
    subscription_status = coalesce(i.status, c.subscription_status),
    unsubscribed_at = CASE WHEN i.status IS NULL OR i.status = c.subscription_status THEN c.unsubscribed_at
                           WHEN i.status = 'unsubscribed' THEN now() END,
    updated_at = now()
  FROM input i
  WHERE c.org_id = ${orgId}::uuid AND c.email = i.email
  RETURNING c.id, c.email),
joined AS (
  INSERT INTO contact_list_members (list_id, contact_id, added_at)
  SELECT ${listId}::uuid, id, now() FROM (SELECT id FROM inserted UNION ALL SELECT id FROM updated) t WHERE ${listId}::uuid IS NOT NULL
  ON CONFLICT DO NOTHING
  RETURNING contact_id),
refused AS (
  INSERT INTO contact_import_errors (import_id, line, email, message)
  SELECT ${importId}::uuid, line, email, message
  FROM unnest(${refused.map((r) => r.line)}::int[], ${refused.map((r) => r.email?.slice(0, 320) ?? null)}::text[],
    ${refused.map((r) => r.message.slice(0, 1000))}::text[]) AS r(line, email, message)
  ON CONFLICT DO NOTHING),
totals AS (
  UPDATE contact_imports SET
    rows = rows + ${rows}::int,
    created = created + (SELECT count(*) FROM inserted),
    updated = updated + (SELECT count(*) FROM updated),
    failed = failed + ${refused.length}::int
  WHERE id = ${importId}::uuid)
SELECT (SELECT coalesce(array_agg(email), '{}') FROM (SELECT email FROM inserted UNION ALL SELECT email FROM updated) w) AS written,
       (SELECT coalesce(array_agg(contact_id::text), '{}') FROM joined) AS joined`);
  return { written: new Set(result.written), joined: result.joined };
}
