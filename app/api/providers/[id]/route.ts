// GET /api/providers/{id} — one provider (dashboard; providers.view)
// PUT /api/providers/{id} — change it; only supplied fields change (dashboard; providers.manage)
// DELETE /api/providers/{id} — remove it (dashboard; providers.manage)
import { legacyRoute } from "@/lib/http/legacy-route";
import { actorOf } from "@/lib/auth/principal";
import { outcomeSchema } from "@/lib/http/wire";
import { providerIdParamsSchema, providerSchema, updateProviderSchema } from "@/lib/providers/schemas";
import { deleteProvider, getProviderOrThrow, updateProvider } from "@/lib/providers/manage-providers";
import { providerView } from "@/lib/providers/provider-view";

export const GET = legacyRoute(
  { access: "session", permission: "providers.view", params: providerIdParamsSchema, response: providerSchema },
  async ({ principal, params }) => ({
    body: await providerView(await getProviderOrThrow({ orgId: principal.orgId, id: params.id })),
  }),
);

export const PUT = legacyRoute(
  {
    access: "session",
    permission: "providers.manage",
    params: providerIdParamsSchema,
    body: updateProviderSchema,
    response: providerSchema,
  },
  async ({ principal, params, body }) => {
    const row = await updateProvider({ orgId: principal.orgId, id: params.id, actor: actorOf(principal), input: body });
    return { body: await providerView(row) };
  },
);

export const DELETE = legacyRoute(
  { access: "session", permission: "providers.manage", params: providerIdParamsSchema, response: outcomeSchema("removed") },
  async ({ principal, params }) => ({
    body: await deleteProvider({ orgId: principal.orgId, id: params.id, actor: actorOf(principal) }),
  }),
);
