// Every provider adapter, by type.
import type { ProviderAdapter, ProviderType } from "@/lib/providers/adapter";
import { demoAdapter } from "@/lib/providers/adapters/demo";
import { mailgunAdapter } from "@/lib/providers/adapters/mailgun";
import { postmarkAdapter } from "@/lib/providers/adapters/postmark";
import { resendAdapter } from "@/lib/providers/adapters/resend";
import { sendgridAdapter } from "@/lib/providers/adapters/sendgrid";
import { sesAdapter } from "@/lib/providers/adapters/ses";
import { smtpAdapter } from "@/lib/providers/adapters/smtp";

const ADAPTERS: Record<ProviderType, ProviderAdapter<never>> = {
  resend: resendAdapter as ProviderAdapter<never>,
  smtp: smtpAdapter as ProviderAdapter<never>,
  ses: sesAdapter as ProviderAdapter<never>,
  sendgrid: sendgridAdapter as ProviderAdapter<never>,
  postmark: postmarkAdapter as ProviderAdapter<never>,
  mailgun: mailgunAdapter as ProviderAdapter<never>,
  demo: demoAdapter as ProviderAdapter<never>,
};

/** The adapter for a type, or undefined for a type this build does not know. */
export function adapterFor(type: string): ProviderAdapter<never> | undefined {
  return Object.hasOwn(ADAPTERS, type) ? ADAPTERS[type as ProviderType] : undefined;
}
