// list_providers: GET /api/v1/providers (providers:read), secrets masked. Its own run, the
// route's body, until lib/providers/operations.ts (being moved) carries the handler.
import { listProvidersOperation } from "@/lib/providers/operations";
import { listProviderRows } from "@/lib/providers/manage-providers";
import { providerViews } from "@/lib/providers/provider-view";
import { defineTool, READ_ONLY } from "@/lib/mcp/define-tool";
import { emptyArguments } from "@/lib/mcp/tool-input";

export const listProvidersTool = defineTool({
  name: "list_providers",
  title: "List providers",
  description: "The organization's sending providers in priority order, with health and limits (credentials masked). Needs the providers:read scope.",
  op: listProvidersOperation,
  input: emptyArguments,
  annotations: READ_ONLY,
  run: async (principal) => ({ data: await providerViews(await listProviderRows({ orgId: principal.orgId })) }),
});
