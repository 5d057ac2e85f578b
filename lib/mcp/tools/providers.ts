// list_providers: GET /api/v1/providers (providers:read), secrets masked.
import { listProvidersOperation } from "@/lib/providers/operations";
import { READ_ONLY } from "@/lib/mcp/define-tool";
import { operationTool } from "@/lib/mcp/operation-tool";

export const listProvidersTool = operationTool(listProvidersOperation, {
  name: "list_providers",
  title: "List providers",
  description:
    "The organization's sending providers in priority order, with health and limits (credentials masked). Needs the providers:read scope.",
  annotations: READ_ONLY,
});
