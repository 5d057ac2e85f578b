// CSV imports of contacts: the request's options, the import record and its per-line errors.
import { z } from "zod";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { pageQuerySchema } from "@/lib/http/pagination";
import { MiB } from "@/lib/http/read-body";

/** Upload size and row caps (docs/contacts.md). */
export const IMPORT_BODY_LIMIT = 100 * MiB;
export const IMPORT_MAX_ROWS = 1_000_000;
/** Rows written per SQL statement, at most; fewer when their cells reach IMPORT_BATCH_CHARS. */
export const IMPORT_BATCH_SIZE = 1000;
export const IMPORT_BATCH_CHARS = 4 * 1024 * 1024;
/** One CSV line's longest length, in characters (csv-parse's guard against a wrong delimiter). */
export const IMPORT_MAX_LINE = 256 * 1024;

export const importContactsQuerySchema = z
  .object({ listId: z.uuid("not a valid list id").optional().describe("add every imported contact (new or updated) to this list") })
  .strict();

export const importIdParamsSchema = z.object({ id: z.uuid("not a valid import id") });

export const IMPORT_STATUSES = ["running", "completed", "failed"] as const;

export const importSchema = z.object({
  id: z.uuid(),
  status: z.enum(IMPORT_STATUSES).describe("failed: the upload stopped part-way (see error); rows before that point were imported"),
  listId: z.uuid().nullable(),
  rows: z.number().int().describe("data rows read (the header and blank lines not counted)"),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int().describe("rows refused, each with a line in errors"),
  error: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: nullableTimestamp,
});
export type ContactImportView = z.output<typeof importSchema>;

export const importErrorSchema = z.object({
  line: z.number().int().describe("the CSV line the row ends on; the header is line 1"),
  email: z.string().nullable(),
  message: z.string(),
});
export type ContactImportErrorView = z.output<typeof importErrorSchema>;

export const importDetailSchema = importSchema.extend({
  errors: z.array(importErrorSchema).describe("this page of the refused rows, by line; the pagination counts them"),
});

export const importErrorsQuerySchema = pageQuerySchema.extend({ perPage: z.coerce.number().int().min(1).max(1000).default(100) }).strict();
