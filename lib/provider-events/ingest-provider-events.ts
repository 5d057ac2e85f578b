// A provider's event webhook, end to end: verify it is the provider's (else 401 and nothing
// recorded), confirm an SNS subscription, normalize its events, match them to our messages by
// the provider's message id, and publish each once (DESIGN.md §4: keyed by the provider's
// event id, or a hash of message, type, recipient and time when it gives none). Bounces,
// complaints and unsubscribes also suppress the address.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { RECIPIENTS_OF } from "@/lib/email/message-recipients";
import { storable } from "@/lib/db/storable-text";
import { AppError } from "@/lib/errors/app-error";
import { fullConfig } from "@/lib/providers/provider-config";
import { eventSourceFor } from "@/lib/providers/registry";
import { bareMessageId } from "@/lib/provider-events/event-body";
import { WebhookAuthError, WebhookFormatError, type IncomingWebhook, type ProviderEvent } from "@/lib/provider-events/types";
import { publishEvents, type NewEvent } from "@/lib/events/publish-events";
import { oncePerToken } from "@/lib/provider-events/replay-guard";
import { log } from "@/lib/log";
import { dedupeDigest } from "@/lib/events/dedupe-digest";
import { ERASED_DOMAIN } from "@/lib/privacy/erased-address";
import { confirmByEvidence } from "@/lib/email/confirm-unconfirmed";
import type { Provider } from "@/lib/generated/prisma/client";

/** The provider's proof refused (401) or its body unreadable (400): answered as {error} alone. */
export class ProviderWebhookRefused extends AppError {
  constructor(status: 401 | 400, message: string) {
    super(status === 401 ? "UNAUTHORIZED" : "VALIDATION_ERROR", message);
  }
}

/** Visits a verified SNS SubscribeURL: on an SNS host (checked by the source), signed by SNS for the provider's topic. */
export async function confirmSubscription(url: string | URL): Promise<void> {
  const res = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new ProviderWebhookRefused(400, `Subscription confirmation failed with HTTP ${res.status}`);
}

interface MessageRow {
  id: string;
  org_id: string;
  project_id: string | null;
  campaign_send_id: string | null;
  send_mode: string;
  provider_message_id: string;
  /** Lower-cased recipients (to, cc, bcc); absent for a message matched by evidence. */
  recipients?: string[];
}

/**
 * A report about a recipient whose address was erased since (lib/privacy): the message's
 * recipients then hold a placeholder and not the address. Dropped, so nothing names the person
 * again. Only then: a provider naming an address in another form for a live message is kept.
 */
const aboutErasedRecipient = (m: MessageRow, recipient: string) =>
  !!m.recipients?.some((r) => r.endsWith(`@${ERASED_DOMAIN}`)) && !m.recipients.includes(recipient.toLowerCase());

const dedupeKey = (provider: Provider, e: ProviderEvent, messageId: string) =>
  e.providerEventId
    ? `provider:${provider.id}:${e.providerEventId}`
    : `provider:${provider.id}:${dedupeDigest(`${messageId}|${e.type}|${e.recipient}|${e.occurredAt.toISOString()}`)}`;

/** Our messages sent through this provider, by the id it gave (Mailgun's with or without brackets). */
async function messagesFor(provider: Provider, ids: string[]): Promise<Map<string, MessageRow>> {
  const candidates = [...new Set(ids.flatMap((id) => [id, `<${bareMessageId(id)}>`, bareMessageId(id)]))];
  const rows = await rawQuery<MessageRow>(
    Prisma.sql`SELECT id::text, org_id::text, project_id::text, send_mode, provider_message_id, campaign_send_id::text,
       ARRAY(${RECIPIENTS_OF()}) AS recipients FROM messages
     WHERE org_id = ${provider.orgId}::uuid AND provider_id = ${provider.id}::uuid AND provider_message_id = ANY (${candidates}::text[])`,
  );
  return new Map(rows.map((r) => [bareMessageId(r.provider_message_id), r]));
}

export async function ingestProviderEvents(
  provider: Provider,
  req: IncomingWebhook,
): Promise<{ received: number; published: number; confirmed?: boolean }> {
  const source = eventSourceFor(provider.type);
  if (!source) throw new AppError("NOT_FOUND", "This provider type sends no event webhooks");
  try {
    await source.verify(req, fullConfig(provider));
    return await oncePerToken(provider.id, source.replayToken?.(req), async () => {
      const confirm = source.subscriptionToConfirm?.(req);
      if (confirm) {
        await confirmSubscription(confirm);
        return { received: 0, published: 0, confirmed: true };
      }
      // Our own send already published email.sent when the provider accepted the message.
      // Text PostgreSQL cannot store (NUL, lone surrogates) is cleaned: it would fail the lookups and inserts.
      const events = storable(source.parse(req)).filter((e) => e.type !== "email.sent");
      const messages = await messagesFor(
        provider,
        events.map((e) => e.providerMessageId),
      );
      // Events for none of our sent messages may be the evidence an unconfirmed send waits for.
      const unknown = events.filter((e) => !messages.has(bareMessageId(e.providerMessageId)));
      if (unknown.length) {
        const confirmed = await confirmByEvidence(
          provider,
          unknown.map((e) => e.providerMessageId),
          `${unknown[0].type} event`,
        );
        for (const [id, m] of confirmed) messages.set(id, { ...m, provider_message_id: m.message_id_header });
      }
      const known: NewEvent[] = [];
      for (const e of events) {
        const m = messages.get(bareMessageId(e.providerMessageId));
        if (m && aboutErasedRecipient(m, e.recipient)) continue;
        if (!m) {
          log.warn("provider event for an unknown message; acknowledged and dropped", {
            providerId: provider.id,
            providerMessageId: e.providerMessageId,
            type: e.type,
          });
          continue;
        }
        known.push({
          orgId: m.org_id,
          projectId: m.project_id,
          messageId: m.id,
          campaignSendId: m.campaign_send_id,
          type: e.type,
          recipient: e.recipient,
          sendMode: m.send_mode,
          occurredAt: e.occurredAt,
          url: e.url,
          reason: e.reason,
          source: "provider",
          providerId: provider.id,
          dedupeKey: dedupeKey(provider, e, m.id),
          bounceKind: e.bounceKind,
        });
      }
      const { published } = await publishEvents(known); // suppresses hard bounces, complaints and unsubscribes too
      return { received: events.length, published };
    });
  } catch (err) {
    if (err instanceof WebhookAuthError) throw new ProviderWebhookRefused(401, err.message);
    if (err instanceof WebhookFormatError) throw new ProviderWebhookRefused(400, err.message);
    throw err;
  }
}
