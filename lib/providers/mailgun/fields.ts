// Mailgun's settings: the API key and domain it sends with, and the key that signs its
// webhooks and Routes forwards (events.ts). Client-safe: the dashboard form reads this too.
import { z } from "zod";
import { baseUrlField, configObject, defineProvider, type ConfigFields } from "@/lib/providers/config-fields";

/** Mailgun's HTTP webhook signing key; required by the signature check, optional in the config. */
export const signingKeySchema = z.string().min(1, "Mailgun's HTTP webhook signing key");

const fields = {
  apiKey: { label: "API key", kind: "secret", schema: z.string().min(1), credential: true },
  domain: { label: "Sending domain", kind: "text", schema: z.string().min(1), placeholder: "mg.example.com" },
  baseUrl: baseUrlField("Leave blank for the US region; for the EU region use https://api.eu.mailgun.net."),
  webhookSigningKey: {
    label: "HTTP webhook signing key (for events)",
    kind: "secret",
    schema: signingKeySchema.optional(),
    hint: "Under Sending > Webhooks in Mailgun; add a webhook for this provider's event URL (shown on its card).",
  },
} satisfies ConfigFields;

export const mailgunFields = defineProvider({
  type: "mailgun",
  label: "Mailgun",
  description: "Send through the Mailgun API for one of your sending domains.",
  eventWebhook: true,
  inboundWebhook: true,
  fields,
  configSchema: configObject(fields),
});
export type MailgunConfig = z.infer<typeof mailgunFields.configSchema>;
