// POST /api/internal/providers/{id}/status — move a managed provider along its lifecycle (staff token)
import { staffRoute } from "@/lib/staff/staff-route";
import { idParamsSchema, providerStatusChangeSchema } from "@/lib/staff/schemas";
import { providerSchema } from "@/lib/providers/schemas";
import { providerView } from "@/lib/providers/provider-view";
import { changeProviderStatus } from "@/lib/staff/change-provider-status";

export const POST = staffRoute(
  { params: idParamsSchema, resource: "Provider", body: providerStatusChangeSchema, response: providerSchema },
  async ({ params, body, requestId }) =>
    providerView(await changeProviderStatus({ providerId: params.id, status: body.status, requestId })),
);
