// POST /api/v1/contacts/import: a CSV upload streamed through the parser and written in
// batches of IMPORT_BATCH_SIZE rows (fewer when they are wide), one SQL statement each, while
// the upload is still arriving: memory stays flat whatever the file's size. Good rows are
// imported, refused ones recorded with their line and reason; the answer is the finished
// import's summary.
import { db } from "@/lib/db/client";
import { storableText } from "@/lib/db/storable-text";
import { AppError } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertMayJoinList, enrolOnListJoin } from "@/lib/sequences/list-join";
import { propertyTypes } from "@/lib/contacts/manage-properties";
import { invalidFields } from "@/lib/contacts/check-properties";
import { csvRecords, tooLarge, UploadInterrupted } from "@/lib/contacts/csv-records";
import { readHeader, readRow, type ImportColumns } from "@/lib/contacts/import-row";
import { writeBatch, type GoodRow, type RefusedRow } from "@/lib/contacts/import-batch";
import { SeenEmails } from "@/lib/contacts/seen-emails";
import { viewOfImport } from "@/lib/contacts/manage-imports";
import { IMPORT_BATCH_CHARS, IMPORT_BATCH_SIZE, IMPORT_BODY_LIMIT, IMPORT_MAX_LINE, IMPORT_MAX_ROWS } from "@/lib/contacts/import-schemas";
import { maySend } from "@/lib/safety/queued-mail";

interface ImportRequest {
  principal: Principal;
  body: ReadableStream<Uint8Array> | null;
  headers: Headers;
  listId?: string;
}

function checkRequest({ body, headers }: ImportRequest): ReadableStream<Uint8Array> {
  if (!/^text\/csv\s*(;|$)/i.test(headers.get("content-type") ?? "")) {
    throw invalidFields([{ path: "headers.content-type", message: "expected text/csv" }]);
  }
  const declared = Number(headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > IMPORT_BODY_LIMIT) throw tooLarge(IMPORT_BODY_LIMIT);
  if (!body) throw invalidFields([{ path: "body", message: "a CSV file with a header row is required" }]);
  return body;
}

export async function importContacts(request: ImportRequest) {
  const { principal, listId } = request;
  const orgId = principal.orgId;
  const body = checkRequest(request);
  if (listId && !(await db().contactList.findFirst({ where: { id: listId, orgId }, select: { id: true } }))) {
    throw invalidFields([{ path: "query.listId", message: "no such list" }]);
  }
  // An import's size is known only once it has been read: into a list that starts a sequence or
  // that a scheduled campaign sends to, it counts as a bulk start of any size.
  if (listId) await assertMayJoinList({ principal, listId, audience: "unbounded" });
  const records = csvRecords(body, { limit: IMPORT_BODY_LIMIT, maxLine: IMPORT_MAX_LINE });
  let columns: ImportColumns;
  let lastLine: number;
  try {
    const header = await records.next();
    if (header.done) throw invalidFields([{ path: "body", message: "the CSV is empty: a header row is required" }]);
    columns = readHeader(header.value.cells, await propertyTypes(orgId));
    lastLine = header.value.line;
  } catch (err) {
    await records.return(undefined); // refused before any row: stop reading the upload
    throw err;
  }

  // Subscribing again someone who unsubscribed is sending them whatever mail waits (campaigns,
  // sequences): only a caller that may send does it. For anyone else "subscribed" changes no
  // existing contact (a new one is subscribed as always).
  const mayResubscribe = maySend(principal);
  const actor = actorOf(principal);
  const record = await db().contactImport.create({
    data: { orgId, listId: listId ?? null, createdBy: `${actor.actorType}:${actor.actorId}` },
  });
  const seen = new SeenEmails();
  let good: GoodRow[] = [];
  let refused: RefusedRow[] = [];
  let pendingRows = 0;
  // A batch is also cut by its size, so that wide rows (many long properties) keep it small.
  let pendingChars = 0;
  let rows = 0;

  async function flush() {
    if (!good.length && !refused.length && !pendingRows) return;
    const batch = { good, refused, rows: pendingRows };
    [good, refused, pendingRows, pendingChars] = [[], [], 0, 0];
    const write = (rows: Pick<typeof batch, "good" | "refused" | "rows">) =>
      writeBatch({ orgId, importId: record.id, listId: listId ?? null, ...rows });
    const result = await write(batch);
    const joined = [...result.joined];
    // Created by another request (another import, a list's members route) while the statement
    // ran: committed now, so a statement of their own finds and updates them.
    const missed = batch.good.filter((r) => !result.written.has(r.email));
    if (missed.length) {
      const again = await write({ good: missed, refused: [], rows: 0 });
      joined.push(...again.joined);
      for (const r of missed) {
        if (!again.written.has(r.email))
          refused.push({ line: r.line, email: r.email, message: "changed by another request during the import; import it again" });
      }
    }
    if (listId && joined.length) await enrolOnListJoin({ orgId, listId, contactIds: joined });
  }

  try {
    for await (const { cells, line } of records) {
      if (++rows > IMPORT_MAX_ROWS)
        throw new AppError("PAYLOAD_TOO_LARGE", `More than ${IMPORT_MAX_ROWS.toLocaleString("en")} rows: split the file`);
      lastLine = line;
      pendingRows++;
      for (const c of cells) pendingChars += c.length;
      const row = readRow(cells, columns);
      if (!row.ok) refused.push({ line, email: row.email, message: row.message });
      else {
        const first = seen.firstLineOf(row.email, line);
        if (first === undefined) good.push({ ...row, status: row.status === "subscribed" && !mayResubscribe ? null : row.status, line });
        else refused.push({ line, email: row.email, message: `duplicate: ${row.email} is already on line ${first} of this file` });
      }
      if (good.length >= IMPORT_BATCH_SIZE || refused.length >= IMPORT_BATCH_SIZE || pendingChars >= IMPORT_BATCH_CHARS) await flush();
    }
    await flush();
    await flush(); // the rows the last batch could not write because of a concurrent request, if any
  } catch (err) {
    // The upload or the CSV failed part-way: keep what was read before it, and say where it stopped.
    const known = err instanceof AppError || err instanceof UploadInterrupted;
    if (known) await flush().catch(() => undefined);
    const reason = known ? storableText(err.message) : "the import failed";
    await finish(principal, record.id, "failed", reason);
    if (err instanceof AppError) {
      throw new AppError(
        err.code,
        `${err.message} (import ${record.id} stopped after line ${lastLine}; the rows before it were imported)`,
        err.details,
      );
    }
    throw err;
  }
  return finish(principal, record.id, "completed", null);
}

async function finish(principal: Principal, id: string, status: "completed" | "failed", error: string | null) {
  const done = await db().$transaction(async (tx) => {
    const row = await tx.contactImport.update({ where: { id }, data: { status, error, finishedAt: new Date() } });
    await recordAudit(
      {
        orgId: principal.orgId,
        ...actorOf(principal),
        action: `contact_import.${status}`,
        targetType: "contact_import",
        targetId: id,
        metadata: {
          listId: row.listId,
          rows: row.rows,
          created: row.created,
          updated: row.updated,
          failed: row.failed,
          ...(error ? { error } : {}),
        },
      },
      tx,
    );
    return row;
  });
  return viewOfImport(done);
}
