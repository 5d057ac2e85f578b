// GET /api/v1/email/scheduled — scheduled emails, newest first, paginated (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { listScheduledOperation } from "@/lib/scheduling/operations";
import { listScheduled } from "@/lib/scheduling/manage-scheduled";

export const GET = v1Route(listScheduledOperation, async ({ principal, query }) => {
  const { items, total } = await listScheduled({ principal, ...pageWindow(query) });
  return paginated(items, total, query);
});
