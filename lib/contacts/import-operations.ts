import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import { exportContactsQuerySchema } from "@/lib/contacts/schemas";
import { FILTERS_DOC } from "@/lib/contacts/operations";
import {
  importContactsQuerySchema,
  importDetailSchema,
  importErrorsQuerySchema,
  importIdParamsSchema,
  importSchema,
} from "@/lib/contacts/import-schemas";
import { exportContacts } from "@/lib/contacts/export-contacts";
import { importContacts } from "@/lib/contacts/import-contacts";
import { getImportOrThrow, listImports } from "@/lib/contacts/manage-imports";

const base = { tag: "Contacts" } as const;

export const importContactsOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/contacts/import",
    summary:
      "Import contacts from a CSV upload (Content-Type: text/csv), streamed: new addresses are created, known ones updated (empty cells keep stored values), " +
      "refused rows recorded by line. Answers the finished import. At most 100 MiB (413 PAYLOAD_TOO_LARGE) and 1,000,000 rows",
    scope: "contacts:write",
    orgWide: true,
    query: importContactsQuerySchema,
    rawBody: {
      contentType: "text/csv",
      description:
        "A header row, then one contact per row. Columns: email (required), name, subscription_status (subscribed | unsubscribed), and any defined " +
        "property by its key; created_at, updated_at and id are ignored. An unknown column refuses the whole file (400) before anything is imported.",
    },
    response: importSchema,
    status: 201,
    readsRequest: true,
  },
  async ({ principal, req, query }) => ({
    data: await importContacts({ principal, body: req.body, headers: req.headers, listId: query.listId }),
  }),
);

export const listImportsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/contacts/imports",
    summary: "The organization's contact imports, newest first, with their totals",
    scope: "contacts:read",
    query: pageQuerySchema,
    response: z.array(importSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listImports({ orgId: principal.orgId, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

export const getImportOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/contacts/imports/{id}",
    summary:
      "One import with a page of its refused rows (line, email, message; ?perPage up to 1000, default 100); the pagination counts the refused rows",
    scope: "contacts:read",
    params: importIdParamsSchema,
    query: importErrorsQuerySchema,
    response: importDetailSchema,
    paginated: true,
  },
  async ({ principal, params, query }) => {
    const { data, total } = await getImportOrThrow({ orgId: principal.orgId, id: params.id, ...pageWindow(query) });
    return paginated(data, total, query);
  },
);

export const exportContactsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/contacts/export",
    summary: `The contacts as CSV, streamed, oldest first: email, name, subscription_status, created_at and one column per property. Same filters as the list. ${FILTERS_DOC}`,
    scope: "contacts:read",
    query: exportContactsQuerySchema,
    response: z.string(),
    produces: {
      contentType: "text/csv",
      description:
        "The CSV file. Cells starting with = + - @, a tab or a carriage return (other than plain numbers) are prefixed with a single quote against formula injection; import removes it again.",
    },
  },
  async ({ principal, query }) => exportContacts({ orgId: principal.orgId, query }),
);
