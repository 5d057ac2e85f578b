// POST /api/inbound/providers/{providerId} — a provider's inbound mail webhook (SendGrid Inbound
// Parse, Mailgun routes, Postmark inbound, SES receipt through SNS). No session or key: the
// provider's own signature scheme proves the request; anything unverified is 401 and nothing
// is recorded.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { readBodyBytes } from "@/lib/http/read-body";
import { newRequestId } from "@/lib/http/request-id";
import { json, legacyError } from "@/lib/http/respond";
import { ProviderWebhookRefused } from "@/lib/events/ingest-provider-events";
import { ingestProviderInbound } from "@/lib/inbound/ingest-provider-inbound";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function POST(req: Request, ctx: { params: Promise<{ providerId: string }> }): Promise<Response> {
  const requestId = newRequestId();
  const url = new URL(req.url);
  try {
    const { providerId } = await ctx.params;
    const provider = UUID.test(providerId) ? await db().provider.findUnique({ where: { id: providerId } }) : null;
    if (!provider) throw new AppError("NOT_FOUND", "Provider not found");
    // Attachments travel base64-encoded in JSON and SNS bodies: room for a message at the limit.
    const rawBody = await readBodyBytes(req, Math.ceil(env().INBOUND_MAX_BYTES * 1.4) + 1024 * 1024);
    return json(await ingestProviderInbound(provider, { headers: req.headers, rawBody, url }), 200, { "X-Request-Id": requestId });
  } catch (err) {
    if (err instanceof ProviderWebhookRefused) return json({ error: err.message }, err.status, { "X-Request-Id": requestId });
    return legacyError(err, requestId, url.pathname, {});
  }
}
