// GET /api/providers — providers with capability metadata (dashboard; providers.view)
// POST /api/providers — add a provider, subject to the plan's quota (dashboard; providers.manage)
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { actorOf } from "@/lib/auth/principal";
import { createProviderSchema, providerSchema, providerWithCapabilitiesSchema } from "@/lib/providers/schemas";
import { createProvider, listProviderRows } from "@/lib/providers/manage-providers";
import { providerView, providerViews } from "@/lib/providers/provider-view";

export const GET = legacyRoute(
  { access: "session", permission: "providers.view", response: z.array(providerWithCapabilitiesSchema) },
  async ({ principal }) => ({
    body: await providerViews(await listProviderRows({ orgId: principal.orgId })),
  }),
);

export const POST = legacyRoute(
  { access: "session", permission: "providers.manage", body: createProviderSchema, response: providerSchema },
  async ({ principal, body }) => {
    const row = await createProvider({ orgId: principal.orgId, actor: actorOf(principal), input: body });
    return { body: await providerView(row), status: 201 };
  },
);
