// The wrapper for routes a provider POSTs to (its event webhook, its inbound mail): no session
// or key, the provider row named by the path, the provider's own proof checked by the handler.
// Answers in the legacy family's shapes; a refusal of the provider's proof (401 unverified,
// 400 unreadable) is {error} alone, and nothing is recorded for it.
import { db } from "@/lib/db/client";
import { isUuid } from "@/lib/db/uuid";
import { AppError } from "@/lib/errors/app-error";
import { handleRequest, routeOf, type Family } from "@/lib/http/handle-request";
import { legacyFamily } from "@/lib/http/families";
import { setRequestOrg } from "@/lib/log-context";
import { json } from "@/lib/http/respond";
import { ProviderWebhookRefused } from "@/lib/provider-events/ingest-provider-events";
import type { Provider } from "@/lib/generated/prisma/client";

const providerWebhookFamily: Family = {
  ...legacyFamily,
  errorBody: (e, requestId) => (e instanceof ProviderWebhookRefused ? { error: e.message } : legacyFamily.errorBody(e, requestId)),
};

export function providerWebhookRoute(handler: (provider: Provider, req: Request, url: URL) => Promise<unknown>) {
  return (req: Request, ctx: { params: Promise<{ providerId: string }> }): Promise<Response> =>
    handleRequest(req, { family: providerWebhookFamily, route: routeOf(req) }, async (_requestId, headers) => {
      const { providerId } = await ctx.params;
      const provider = isUuid(providerId) ? await db().provider.findUnique({ where: { id: providerId } }) : null;
      if (!provider) throw new AppError("NOT_FOUND", "Provider not found");
      if (provider.orgId) setRequestOrg(provider.orgId);
      return json(await handler(provider, req, new URL(req.url)), 200, headers);
    });
}
