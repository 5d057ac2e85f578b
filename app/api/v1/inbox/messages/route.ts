// GET /api/v1/inbox/messages — the inbox, newest first, paginated (inbox:read)
import { v1Route } from "@/lib/http/v1-route";
import { listInboxOperation } from "@/lib/inbound/operations";
import { listInbox } from "@/lib/inbound/inbox";
import { paginated } from "@/lib/http/pagination";

export const GET = v1Route(listInboxOperation, async ({ principal, query }) => {
  const { items, total } = await listInbox({ orgId: principal.orgId, query });
  return paginated(items, total, query);
});
