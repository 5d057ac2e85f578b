// POST /api/webhooks/providers/{providerId} — a provider's event webhook (delivery, bounce,
// open, click, complaint...). No session or key: the provider's own signature scheme proves
// the request (lib/providers/<type>/events.ts); anything unverified is 401 and nothing is recorded.
import { providerWebhookRoute } from "@/lib/http/provider-webhook-route";
import { readTextBody } from "@/lib/http/read-body";
import { ingestProviderEvents } from "@/lib/provider-events/ingest-provider-events";

const BODY_LIMIT = 5 * 1024 * 1024; // providers batch events (SendGrid up to thousands per post)

export const POST = providerWebhookRoute(async (provider, req, url) =>
  ingestProviderEvents(provider, { headers: req.headers, rawBody: await readTextBody(req, BODY_LIMIT), url }),
);
