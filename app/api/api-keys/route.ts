// GET /api/api-keys — the organization's keys, never the secret part (dashboard)
// POST /api/api-keys — create a key; the whole key is in this response only (dashboard; keys.manage)
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { apiKeySchema, createApiKeySchema, createdApiKeySchema } from "@/lib/api-keys/schemas";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { createApiKey } from "@/lib/api-keys/create-api-key";

export const GET = legacyRoute(
  { access: "session", permission: "keys.view", response: z.object({ apiKeys: z.array(apiKeySchema) }) },
  async ({ principal }) => ({
    body: { apiKeys: await listApiKeys({ orgId: principal.orgId }) },
  }),
);

export const POST = legacyRoute(
  { access: "session", permission: "keys.manage", body: createApiKeySchema, response: createdApiKeySchema },
  async ({ principal, body }) => {
    const created = await createApiKey({ orgId: principal.orgId, userId: principal.userId, input: body });
    return { body: created, status: 201 };
  },
);
