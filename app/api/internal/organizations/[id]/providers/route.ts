// POST /api/internal/organizations/{id}/providers — add a managed provider, status provisioning (staff token)
import { staffRoute } from "@/lib/staff/staff-route";
import { createManagedProviderSchema, idParamsSchema } from "@/lib/staff/schemas";
import { providerSchema } from "@/lib/providers/schemas";
import { providerView } from "@/lib/providers/provider-view";
import { createManagedProvider } from "@/lib/staff/create-managed-provider";

export const POST = staffRoute(
  { params: idParamsSchema, resource: "Organization", body: createManagedProviderSchema, response: providerSchema, status: 201 },
  async ({ params, body, requestId }) => providerView(await createManagedProvider({ orgId: params.id, input: body, requestId })),
);
