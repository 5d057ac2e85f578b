// SendGrid's settings: the API key it sends with, and the public keys that verify its Event
// Webhook (events.ts) and Inbound Parse (inbound.ts) posts. Client-safe: the dashboard form reads this too.
import { z } from "zod";
import { baseUrlField, configObject, defineProvider, type ConfigFields } from "@/lib/providers/config-fields";

/** A verification key as SendGrid shows it; required by the signature check, optional in the config. */
export const publicKeySchema = z.string().min(1, "SendGrid's verification key (base64)");

const fields = {
  apiKey: {
    label: "API key",
    kind: "secret",
    schema: z.string().startsWith("SG.", "A SendGrid API key starts with SG."),
    credential: true,
    prefix: "SG.",
    placeholder: "SG.…",
    hint: "Starts with SG. and needs the Mail Send permission.",
  },
  baseUrl: baseUrlField("Leave blank for https://api.sendgrid.com."),
  // Public keys: shown in full, like the rest of the settings.
  webhookPublicKey: {
    label: "Event Webhook verification key (for events)",
    kind: "text",
    schema: publicKeySchema.optional(),
    hint: "The public key SendGrid shows when you turn on Signed Event Webhook requests for this provider's event URL (shown on its card).",
  },
  inboundPublicKey: {
    label: "Inbound Parse verification key (for inbound mail)",
    kind: "text",
    schema: publicKeySchema.optional(),
    hint: "The public key of the Inbound Parse security policy on this provider's inbound URL (shown on its card). Blank: the Event Webhook key is used.",
  },
} satisfies ConfigFields;

export const sendgridFields = defineProvider({
  type: "sendgrid",
  label: "SendGrid",
  description: "Send through the SendGrid v3 API with an API key.",
  eventWebhook: true,
  inboundWebhook: true,
  fields,
  configSchema: configObject(fields),
});
export type SendGridConfig = z.infer<typeof sendgridFields.configSchema>;
