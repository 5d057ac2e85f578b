// GET /api/v1/providers — read-only list of providers (providers:read)
import { v1Route } from "@/lib/http/v1-route";
import { defineOperation } from "@/lib/http/operation";
import { listProvidersOperation } from "@/lib/providers/operations";
import { listProviderRows } from "@/lib/providers/manage-providers";
import { providerViews } from "@/lib/providers/provider-view";

// The handler joins the spec here until lib/providers/operations.ts (being moved) takes it.
export const GET = v1Route(
  defineOperation(listProvidersOperation, async ({ principal }) => ({
    data: await providerViews(await listProviderRows({ orgId: principal.orgId })),
  })),
);
