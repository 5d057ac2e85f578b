// The wrapper for routes a provider POSTs to (its event webhook, its inbound mail): no session
// or key, the provider row named by the path, the provider's own proof checked by the handler.
// Refusals (401 unverified, 400 unreadable) answer {error}; nothing is recorded for them.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { loggedRequest } from "@/lib/http/request-log";
import { setRequestOrg } from "@/lib/log-context";
import { json, legacyError } from "@/lib/http/respond";
import { ProviderWebhookRefused } from "@/lib/events/ingest-provider-events";
import type { Provider } from "@/lib/generated/prisma/client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function providerWebhookRoute(handler: (provider: Provider, req: Request, url: URL) => Promise<unknown>) {
  return (req: Request, ctx: { params: Promise<{ providerId: string }> }): Promise<Response> => {
    const url = new URL(req.url);
    return loggedRequest(req, `${req.method} ${url.pathname}`, (requestId) => answer(req, ctx, requestId, url));
  };

  async function answer(req: Request, ctx: { params: Promise<{ providerId: string }> }, requestId: string, url: URL): Promise<Response> {
    try {
      const { providerId } = await ctx.params;
      const provider = UUID.test(providerId) ? await db().provider.findUnique({ where: { id: providerId } }) : null;
      if (!provider) throw new AppError("NOT_FOUND", "Provider not found");
      if (provider.orgId) setRequestOrg(provider.orgId);
      return json(await handler(provider, req, url), 200, { "X-Request-Id": requestId });
    } catch (err) {
      if (err instanceof ProviderWebhookRefused) return json({ error: err.message }, err.status, { "X-Request-Id": requestId });
      return legacyError(err, requestId, url.pathname, {});
    }
  }
}
