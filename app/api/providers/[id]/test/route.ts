// POST /api/providers/{id}/test — live connection test; updates health (dashboard; providers.manage)
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { providerIdParamsSchema } from "@/lib/providers/schemas";
import { getProviderOrThrow } from "@/lib/providers/manage-providers";
import { testProvider } from "@/lib/providers/test-provider";

// SPEC: {success, latencyMs, message}. (Beside the provider schemas once lib/providers takes it.)
const testResultSchema = z.object({ success: z.boolean(), latencyMs: z.number(), message: z.string() });

export const POST = legacyRoute(
  { access: "session", permission: "providers.manage", params: providerIdParamsSchema, response: testResultSchema },
  async ({ principal, params }) => ({
    body: await testProvider(await getProviderOrThrow({ orgId: principal.orgId, id: params.id })),
  }),
);
