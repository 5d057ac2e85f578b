// A provider's inbound webhook, end to end: verify it is the provider's (else 401 and nothing
// recorded), refuse a replayed one-time token (given back if recording fails), confirm an SNS subscription, parse the mail and
// record each message for the provider's organization (its rules then run as durable work).
// Messages for the bounce domain are read as bounce and complaint reports (lib/bounces) instead.
import { AppError } from "@/lib/errors/app-error";
import { env } from "@/lib/env";
import { fullConfig } from "@/lib/providers/provider-config";
import { oncePerToken } from "@/lib/provider-events/replay-guard";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import { confirmSubscription, ProviderWebhookRefused } from "@/lib/provider-events/ingest-provider-events";
import { inboundSourceFor } from "@/lib/providers/registry";
import type { IncomingInbound } from "@/lib/inbound/sources/types";
import { recipientsOf } from "@/lib/inbound/inbound-email";
import { splitRecipients } from "@/lib/bounces/verp-address";
import { recordReport } from "@/lib/bounces/record-report";
import { recordInbound, type InboundSource } from "@/lib/inbound/record-inbound";
import type { Provider } from "@/lib/generated/prisma/client";

export async function ingestProviderInbound(
  provider: Provider,
  req: IncomingInbound,
): Promise<{ received: number; ids: string[]; confirmed?: boolean }> {
  const source = inboundSourceFor(provider.type);
  if (!source) throw new AppError("NOT_FOUND", "This provider type sends no inbound webhooks");
  try {
    await source.verify(req, fullConfig(provider));
    return await oncePerToken(provider.id, await source.replayToken?.(req), async () => {
      const confirm = source.subscriptionToConfirm?.(req);
      if (confirm) {
        await confirmSubscription(confirm);
        return { received: 0, ids: [], confirmed: true };
      }
      const emails = await source.parse(req);
      const limit = env().INBOUND_MAX_BYTES;
      const tooLarge = emails.find((e) => e.size > limit);
      if (tooLarge)
        throw new AppError("PAYLOAD_TOO_LARGE", `Message of ${tooLarge.size} bytes exceeds the inbound limit of ${limit} bytes`);
      const ids: string[] = [];
      for (const email of emails) {
        // Mail for the bounce domain is a report about our own mail (lib/bounces), never inbound mail.
        const { domain, reports, mail } = splitRecipients(email.envelopeTo.length ? email.envelopeTo : recipientsOf(email));
        if (domain && reports.length) {
          await recordReport({ email, bounceAddresses: reports, domain, orgId: provider.orgId });
          if (mail.length === 0) continue;
        }
        const recorded = await recordInbound({
          orgId: provider.orgId,
          source: provider.type as InboundSource,
          providerId: provider.id,
          email: reports.length && email.envelopeTo.length ? { ...email, envelopeTo: mail } : email,
        });
        if (recorded) ids.push(recorded.id);
      }
      return { received: emails.length, ids };
    });
  } catch (err) {
    if (err instanceof WebhookAuthError) throw new ProviderWebhookRefused(401, err.message);
    if (err instanceof WebhookFormatError) throw new ProviderWebhookRefused(400, err.message);
    throw err;
  }
}
