// GET /api/providers/{id}/status — health and usage against the limits (dashboard; providers.view)
import { legacyRoute } from "@/lib/http/legacy-route";
import { providerIdParamsSchema, providerStatusSchema } from "@/lib/providers/schemas";
import { getProviderOrThrow } from "@/lib/providers/manage-providers";
import { providerView } from "@/lib/providers/provider-view";

export const GET = legacyRoute(
  { access: "session", permission: "providers.view", params: providerIdParamsSchema, response: providerStatusSchema },
  async ({ principal, params }) => ({
    body: await providerView(await getProviderOrThrow({ orgId: principal.orgId, id: params.id })),
  }),
);
