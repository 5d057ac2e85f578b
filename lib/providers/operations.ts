import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { providerWithCapabilitiesSchema } from "@/lib/providers/schemas";
import { listProviderRows } from "@/lib/providers/manage-providers";
import { providerViews } from "@/lib/providers/provider-view";

export const listProvidersOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/providers",
    summary: "List the organization's providers (read-only; secrets masked)",
    tag: "Providers",
    scope: "providers:read",
    response: z.array(providerWithCapabilitiesSchema),
  },
  async ({ principal }) => ({
    data: await providerViews(await listProviderRows({ orgId: principal.orgId })),
  }),
);
