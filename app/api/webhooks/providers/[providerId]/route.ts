// POST /api/webhooks/providers/{providerId} — a provider's event webhook (delivery, bounce,
// open, click, complaint...). No session or key: the provider's own signature scheme proves
// the request (lib/provider-events); anything unverified is 401 and nothing is recorded.
import { db } from "@/lib/db/client";
import { readTextBody } from "@/lib/http/read-body";
import { AppError } from "@/lib/http/errors";
import { newRequestId } from "@/lib/http/request-id";
import { json, legacyError } from "@/lib/http/respond";
import { ingestProviderEvents, ProviderWebhookRefused } from "@/lib/events/ingest-provider-events";

const BODY_LIMIT = 5 * 1024 * 1024; // providers batch events (SendGrid up to thousands per post)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function POST(req: Request, ctx: { params: Promise<{ providerId: string }> }): Promise<Response> {
  const requestId = newRequestId();
  const url = new URL(req.url);
  try {
    const { providerId } = await ctx.params;
    const provider = UUID.test(providerId) ? await db().provider.findUnique({ where: { id: providerId } }) : null;
    if (!provider) throw new AppError("NOT_FOUND", "Provider not found");
    const rawBody = await readTextBody(req, BODY_LIMIT);
    return json(await ingestProviderEvents(provider, { headers: req.headers, rawBody, url }), 200, { "X-Request-Id": requestId });
  } catch (err) {
    if (err instanceof ProviderWebhookRefused) return json({ error: err.message }, err.status, { "X-Request-Id": requestId });
    return legacyError(err, requestId, url.pathname, {});
  }
}
