// GET /api/v1/contacts/imports/:id — one import with a page of its refused rows (contacts:read)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { getImportOperation } from "@/lib/contacts/import-operations";
import { getImportOrThrow } from "@/lib/contacts/manage-imports";

export const GET = v1Route(getImportOperation, async ({ principal, params, query }) => {
  const { data, total } = await getImportOrThrow({ orgId: principal.orgId, id: params.id, ...pageWindow(query) });
  return paginated(data, total, query);
});
