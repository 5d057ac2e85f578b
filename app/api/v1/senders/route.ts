// GET /api/v1/senders — list senders, paginated (senders:read)
// POST /api/v1/senders — add a sender (senders:write)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createSenderOperation, listSendersOperation } from "@/lib/senders/operations";
import { createSender, listSenders } from "@/lib/senders/manage-senders";

export const GET = v1Route(listSendersOperation, async ({ principal, query }) => {
  const { items, total } = await listSenders({ orgId: principal.orgId, ...pageWindow(query) });
  return paginated(items, total, query);
});

export const POST = v1Route(createSenderOperation, async ({ principal, body }) => ({
  data: await createSender({ principal, input: body }),
}));
