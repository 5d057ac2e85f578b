// Resend's settings: the API key it sends with, and the signing secret of the webhook that
// reports its events (events.ts). Client-safe: the dashboard form reads this too.
import { z } from "zod";
import { baseUrlField, configObject, defineProvider, type ConfigFields } from "@/lib/providers/config-fields";

/** The signing secret of a Resend (Svix) webhook; required by the event check, optional in the config. */
export const webhookSecretSchema = z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, "A Resend webhook signing secret starts with whsec_");

const fields = {
  apiKey: {
    label: "API key",
    kind: "secret",
    schema: z.string().startsWith("re_", "A Resend API key starts with re_"),
    credential: true,
    prefix: "re_",
    placeholder: "re_…",
    hint: "Starts with re_. Create one under API Keys in Resend.",
  },
  baseUrl: baseUrlField("Leave blank for https://api.resend.com."),
  webhookSecret: {
    label: "Webhook signing secret (for events)",
    kind: "secret",
    schema: webhookSecretSchema.optional(),
    prefix: "whsec_",
    placeholder: "whsec_…",
    hint: "From the webhook you add in Resend for this provider's event URL (shown on its card): delivery, bounce, open and click events then reach Mailroom.",
  },
} satisfies ConfigFields;

export const resendFields = defineProvider({
  type: "resend",
  label: "Resend",
  description: "Send through the Resend API with an API key.",
  eventWebhook: true,
  fields,
  configSchema: configObject(fields),
});
export type ResendConfig = z.infer<typeof resendFields.configSchema>;
