// DELETE /api/api-keys/{id} — revoke a key; it answers 401 from then on (dashboard; keys.manage)
import { legacyRoute } from "@/lib/http/legacy-route";
import { keyIdParamsSchema } from "@/lib/api-keys/schemas";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { outcomeSchema } from "@/lib/http/wire";

export const DELETE = legacyRoute(
  { access: "session", permission: "keys.manage", params: keyIdParamsSchema, response: outcomeSchema("revoked") },
  async ({ principal, params }) => ({
    body: await revokeApiKey({ orgId: principal.orgId, keyId: params.id, userId: principal.userId }),
  }),
);
