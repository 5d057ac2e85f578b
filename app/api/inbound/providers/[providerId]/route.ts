// POST /api/inbound/providers/{providerId} — a provider's inbound mail webhook (SendGrid Inbound
// Parse, Mailgun routes, Postmark inbound, SES receipt through SNS). No session or key: the
// provider's own signature scheme proves the request; anything unverified is 401 and nothing
// is recorded.
import { env } from "@/lib/env";
import { providerWebhookRoute } from "@/lib/http/provider-webhook-route";
import { readBodyBytes } from "@/lib/http/read-body";
import { ingestProviderInbound } from "@/lib/inbound/ingest-provider-inbound";

export const POST = providerWebhookRoute(async (provider, req, url) =>
  // Attachments travel base64-encoded in JSON and SNS bodies: room for a message at the limit.
  ingestProviderInbound(provider, {
    headers: req.headers,
    rawBody: await readBodyBytes(req, Math.ceil(env().INBOUND_MAX_BYTES * 1.4) + 1024 * 1024),
    url,
  }),
);
