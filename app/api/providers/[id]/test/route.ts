// POST /api/providers/{id}/test — live connection test; updates health (dashboard; providers.manage)
import { legacyRoute } from "@/lib/http/legacy-route";
import { providerIdParamsSchema } from "@/lib/providers/schemas";
import { getProviderOrThrow } from "@/lib/providers/manage-providers";
import { testProvider } from "@/lib/providers/test-provider";

export const POST = legacyRoute(
  { access: "session", permission: "providers.manage", params: providerIdParamsSchema },
  async ({ principal, params }) => ({
    body: await testProvider(await getProviderOrThrow({ orgId: principal.orgId, id: params.id })),
  }),
);
