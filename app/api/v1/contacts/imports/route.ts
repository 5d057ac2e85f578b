// GET /api/v1/contacts/imports — the contact imports, paginated (contacts:read)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { listImportsOperation } from "@/lib/contacts/import-operations";
import { listImports } from "@/lib/contacts/manage-imports";

export const GET = v1Route(listImportsOperation, async ({ principal, query }) => {
  const { items, total } = await listImports({ orgId: principal.orgId, ...pageWindow(query) });
  return paginated(items, total, query);
});
