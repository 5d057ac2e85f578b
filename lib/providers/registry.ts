// Every provider adapter, by type. A provider whose events or inbound mail reach us by
// webhook also accepts the settings that verify those webhooks (lib/provider-events,
// lib/inbound/sources), stored with its config.
import type { z } from "zod";
import type { ProviderAdapter, ProviderType } from "@/lib/providers/adapter";
import { inboundSourceFor } from "@/lib/inbound/sources";
import { eventSourceFor } from "@/lib/provider-events/sources";
import { demoAdapter } from "@/lib/providers/demo/adapter";
import { mailgunAdapter } from "@/lib/providers/mailgun/adapter";
import { postmarkAdapter } from "@/lib/providers/postmark/adapter";
import { resendAdapter } from "@/lib/providers/resend/adapter";
import { sendgridAdapter } from "@/lib/providers/sendgrid/adapter";
import { sesAdapter } from "@/lib/providers/ses/adapter";
import { smtpAdapter } from "@/lib/providers/smtp/adapter";

/** Webhook settings that are not secrets (shown in full, like the rest of the config): a user name, public keys, a topic. */
const PLAIN_WEBHOOK_FIELDS = new Set(["webhookUsername", "webhookPublicKey", "inboundPublicKey", "snsTopicArn"]);

function withWebhookFields(adapter: ProviderAdapter<never>): ProviderAdapter<never> {
  const configFields = { ...eventSourceFor(adapter.type)?.configFields, ...inboundSourceFor(adapter.type)?.configFields };
  const fields = Object.keys(configFields);
  if (fields.length === 0) return { ...adapter, credentialFields: adapter.secretFields };
  return {
    ...adapter,
    credentialFields: adapter.secretFields,
    configSchema: (adapter.configSchema as unknown as z.ZodObject).extend(configFields) as unknown as ProviderAdapter<never>["configSchema"],
    secretFields: [...adapter.secretFields, ...fields.filter((f) => !PLAIN_WEBHOOK_FIELDS.has(f))],
  };
}

const ADAPTERS = Object.fromEntries(
  ([resendAdapter, smtpAdapter, sesAdapter, sendgridAdapter, postmarkAdapter, mailgunAdapter, demoAdapter] as ProviderAdapter<never>[]).map((a) => [
    a.type,
    withWebhookFields(a),
  ]),
) as Record<ProviderType, ProviderAdapter<never>>;

/** The adapter for a type, or undefined for a type this build does not know. */
export function adapterFor(type: string): ProviderAdapter<never> | undefined {
  return Object.hasOwn(ADAPTERS, type) ? ADAPTERS[type as ProviderType] : undefined;
}
