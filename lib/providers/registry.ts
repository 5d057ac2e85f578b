// Every provider adapter, by type. A provider whose events reach us by webhook also accepts
// the settings that verify those webhooks (lib/provider-events), stored with its config.
import type { z } from "zod";
import type { ProviderAdapter, ProviderType } from "@/lib/providers/adapter";
import { eventSourceFor } from "@/lib/provider-events/sources";
import { demoAdapter } from "@/lib/providers/adapters/demo";
import { mailgunAdapter } from "@/lib/providers/adapters/mailgun";
import { postmarkAdapter } from "@/lib/providers/adapters/postmark";
import { resendAdapter } from "@/lib/providers/adapters/resend";
import { sendgridAdapter } from "@/lib/providers/adapters/sendgrid";
import { sesAdapter } from "@/lib/providers/adapters/ses";
import { smtpAdapter } from "@/lib/providers/adapters/smtp";

/** Event-webhook settings that are not secrets (shown in full, like the rest of the config). */
const PLAIN_EVENT_FIELDS = new Set(["webhookUsername", "webhookPublicKey", "snsTopicArn"]);

function withEventWebhookFields(adapter: ProviderAdapter<never>): ProviderAdapter<never> {
  const source = eventSourceFor(adapter.type);
  if (!source) return adapter;
  const fields = Object.keys(source.configFields);
  return {
    ...adapter,
    configSchema: (adapter.configSchema as unknown as z.ZodObject).extend(source.configFields) as unknown as ProviderAdapter<never>["configSchema"],
    secretFields: [...adapter.secretFields, ...fields.filter((f) => !PLAIN_EVENT_FIELDS.has(f))],
  };
}

const ADAPTERS = Object.fromEntries(
  ([resendAdapter, smtpAdapter, sesAdapter, sendgridAdapter, postmarkAdapter, mailgunAdapter, demoAdapter] as ProviderAdapter<never>[]).map((a) => [
    a.type,
    withEventWebhookFields(a),
  ]),
) as Record<ProviderType, ProviderAdapter<never>>;

/** The adapter for a type, or undefined for a type this build does not know. */
export function adapterFor(type: string): ProviderAdapter<never> | undefined {
  return Object.hasOwn(ADAPTERS, type) ? ADAPTERS[type as ProviderType] : undefined;
}
