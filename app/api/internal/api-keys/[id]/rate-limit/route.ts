// PUT /api/internal/api-keys/{id}/rate-limit — set or clear a key's per-minute override (staff token)
import { staffRoute } from "@/lib/staff/staff-route";
import { idParamsSchema, keyRateLimitSchema, staffApiKeySchema } from "@/lib/staff/schemas";
import { setKeyRateLimit } from "@/lib/staff/set-key-rate-limit";

export const PUT = staffRoute(
  { params: idParamsSchema, resource: "API key", body: keyRateLimitSchema, response: staffApiKeySchema },
  async ({ params, body, requestId }) => setKeyRateLimit({ keyId: params.id, rateLimitPerMinute: body.rateLimitPerMinute, requestId }),
);
