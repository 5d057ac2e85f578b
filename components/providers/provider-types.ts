// What the Add/Edit provider form asks for, per provider type. Plain data on purpose: the
// adapters' zod schemas (lib/providers/adapters/*.ts) import server-only SDKs, so they stay
// on the server, which validates again. Keep the field keys in step with those schemas.
import type { ProviderType } from "@/lib/providers/adapter";

export interface ConfigField {
  key: string;
  label: string;
  /** secret: a password input; blank on edit keeps the stored value. tristate: unset / yes / no. */
  kind: "text" | "secret" | "number" | "url" | "checkbox" | "tristate";
  required?: boolean;
  hint?: string;
  placeholder?: string;
  /** For checkboxes and numbers: the value a new provider starts with. */
  defaultValue?: boolean | string;
  /** A secret that must start with this (e.g. "re_"). */
  prefix?: string;
  min?: number;
  max?: number;
  /** tristate only: what each choice means. */
  choices?: { auto: string; yes: string; no: string };
  /** Where and how the provider connects (host, port, base URL, endpoint, TLS settings): changing
   * it needs the credential again. A string names the setting in that message ("TLS settings"). */
  destination?: boolean | string;
  /** A secret sent to that destination: entered again whenever a destination field changes. */
  credential?: boolean;
}

export interface ProviderTypeInfo {
  type: ProviderType;
  /** Whether the provider reports delivery events to Mailroom by webhook. */
  eventWebhook?: boolean;
  /** Whether the provider can POST mail it receives to Mailroom (its inbound webhook). */
  inboundWebhook?: boolean;
  label: string;
  description: string;
  fields: ConfigField[];
  /** Rules across fields that the server also enforces; returns messages by field key. */
  check?: (config: Record<string, unknown>, hasStoredSecret: (key: string) => boolean) => Record<string, string>;
}

const baseUrl = (hint: string): ConfigField => ({ key: "baseUrl", label: "API base URL (optional)", kind: "url", hint, placeholder: "https://…", destination: true });

export const PROVIDER_TYPE_INFO: ProviderTypeInfo[] = [
  {
    type: "resend",
    eventWebhook: true,
    label: "Resend",
    description: "Send through the Resend API with an API key.",
    fields: [
      { key: "apiKey", label: "API key", kind: "secret", required: true, credential: true, prefix: "re_", placeholder: "re_…", hint: "Starts with re_. Create one under API Keys in Resend." },
      baseUrl("Leave blank for https://api.resend.com."),
      { key: "webhookSecret", label: "Webhook signing secret (for events)", kind: "secret", prefix: "whsec_", placeholder: "whsec_…", hint: "From the webhook you add in Resend for this provider's event URL (shown on its card): delivery, bounce, open and click events then reach Mailroom." },
    ],
  },
  {
    type: "smtp",
    label: "SMTP",
    description: "Any mail server or relay that speaks SMTP.",
    fields: [
      { key: "host", label: "Host", kind: "text", required: true, placeholder: "smtp.example.com", destination: true },
      { key: "port", label: "Port", kind: "number", required: true, destination: true, defaultValue: "587", min: 1, max: 65535, hint: "587 for STARTTLS, 465 for implicit TLS." },
      {
        key: "secure",
        label: "Implicit TLS",
        kind: "tristate",
        destination: "TLS settings",
        choices: { auto: "Automatic (on for port 465, STARTTLS otherwise)", yes: "On: TLS from the first byte", no: "Off: plain connection, upgraded with STARTTLS when offered" },
      },
      { key: "username", label: "SMTP user (optional)", kind: "text", hint: "The username to sign in with; leave blank for a relay that needs no sign-in." },
      { key: "password", label: "Password", kind: "secret", credential: true, hint: "Needed when a username is set." },
      { key: "requireTls", label: "Refuse to send unless the server offers STARTTLS", kind: "checkbox", defaultValue: false, destination: "TLS settings" },
      {
        key: "rejectUnauthorized",
        label: "Check the server's TLS certificate",
        kind: "checkbox",
        defaultValue: true,
        destination: "TLS settings",
        hint: "Turn off only for a server with a self-signed certificate.",
      },
      { key: "name", label: "EHLO domain (optional)", kind: "text", hint: "The host name Mailroom announces to the server; some relays only accept a known one." },
    ],
    check(config, hasStoredSecret): Record<string, string> {
      const hasUser = config.username !== undefined;
      const hasPassword = config.password !== undefined || hasStoredSecret("password");
      if (hasUser && !hasPassword) return { password: "Enter the password for this username." };
      if (!hasUser && config.password !== undefined) return { username: "Enter the username that goes with this password." };
      return {};
    },
  },
  {
    type: "ses",
    eventWebhook: true,
    inboundWebhook: true,
    label: "Amazon SES",
    description: "Amazon Simple Email Service (API v2) with an IAM access key.",
    fields: [
      { key: "region", label: "Region", kind: "text", required: true, placeholder: "eu-west-1", hint: "The AWS region your SES identities are verified in." },
      { key: "accessKeyId", label: "Access key ID", kind: "text", required: true, placeholder: "AKIA…" },
      { key: "secretAccessKey", label: "Secret access key", kind: "secret", required: true, credential: true },
      { key: "endpoint", label: "Endpoint (optional)", kind: "url", destination: true, hint: "Only for a VPC endpoint; leave blank for the regional one.", placeholder: "https://…" },
      { key: "configurationSetName", label: "Configuration set (optional)", kind: "text" },
      { key: "snsTopicArn", label: "SNS topic ARN (for events)", kind: "text", placeholder: "arn:aws:sns:…", hint: "The topic your configuration set publishes events to; subscribe this provider's event URL (shown on its card) to it over HTTPS. Events from any other topic are refused." },
    ],
  },
  {
    type: "sendgrid",
    eventWebhook: true,
    inboundWebhook: true,
    label: "SendGrid",
    description: "Send through the SendGrid v3 API with an API key.",
    fields: [
      { key: "apiKey", label: "API key", kind: "secret", required: true, credential: true, prefix: "SG.", placeholder: "SG.…", hint: "Starts with SG. and needs the Mail Send permission." },
      baseUrl("Leave blank for https://api.sendgrid.com."),
      { key: "webhookPublicKey", label: "Event Webhook verification key (for events)", kind: "text", hint: "The public key SendGrid shows when you turn on Signed Event Webhook requests for this provider's event URL (shown on its card)." },
      { key: "inboundPublicKey", label: "Inbound Parse verification key (for inbound mail)", kind: "text", hint: "The public key of the Inbound Parse security policy on this provider's inbound URL (shown on its card). Blank: the Event Webhook key is used." },
    ],
  },
  {
    type: "postmark",
    eventWebhook: true,
    inboundWebhook: true,
    label: "Postmark",
    description: "Send through a Postmark server with its server token.",
    fields: [
      { key: "serverToken", label: "Server API token", kind: "secret", required: true, credential: true, hint: "Found under the server's API Tokens tab in Postmark." },
      { key: "messageStream", label: "Message stream (optional)", kind: "text", placeholder: "outbound", hint: "Leave blank for the default transactional stream, outbound." },
      baseUrl("Leave blank for https://api.postmarkapp.com."),
      { key: "webhookUsername", label: "Webhook username (for events)", kind: "text", hint: "Choose a username and password and set them as basic auth on the Postmark webhook for this provider's event URL (shown on its card)." },
      { key: "webhookPassword", label: "Webhook password (for events)", kind: "secret", hint: "At least 12 characters." },
    ],
  },
  {
    type: "mailgun",
    eventWebhook: true,
    inboundWebhook: true,
    label: "Mailgun",
    description: "Send through the Mailgun API for one of your sending domains.",
    fields: [
      { key: "apiKey", label: "API key", kind: "secret", required: true, credential: true },
      { key: "domain", label: "Sending domain", kind: "text", required: true, placeholder: "mg.example.com" },
      baseUrl("Leave blank for the US region; for the EU region use https://api.eu.mailgun.net."),
      { key: "webhookSigningKey", label: "HTTP webhook signing key (for events)", kind: "secret", hint: "Under Sending > Webhooks in Mailgun; add a webhook for this provider's event URL (shown on its card)." },
    ],
  },
  {
    type: "demo",
    label: "Demo",
    description: "Simulated sending: nothing leaves Mailroom, and delivery events are made up. Useful for trying things out.",
    fields: [],
  },
];

export function providerTypeInfo(type: string): ProviderTypeInfo | undefined {
  return PROVIDER_TYPE_INFO.find((t) => t.type === type);
}
