// Postmark's settings: the server token it sends with, and the HTTP Basic credentials its
// webhooks, events and inbound alike, must carry (events.ts). Client-safe: the dashboard form reads this too.
import { z } from "zod";
import { baseUrlField, configObject, defineProvider, type ConfigFields } from "@/lib/providers/config-fields";

// RFC 7617: a Basic user-id cannot contain a colon (the first one separates the password).
export const webhookUsernameSchema = z
  .string()
  .min(1)
  .regex(/^[^:]+$/, "The username cannot contain a colon");
export const webhookPasswordSchema = z.string().min(12, "Use a password of at least 12 characters");

const fields = {
  serverToken: {
    label: "Server API token",
    kind: "secret",
    // Any non-empty string: server tokens are UUIDs, but POSTMARK_API_TEST is valid too.
    schema: z.string().min(1),
    credential: true,
    hint: "Found under the server's API Tokens tab in Postmark.",
  },
  messageStream: {
    label: "Message stream (optional)",
    kind: "text",
    schema: z.string().min(1).optional(),
    placeholder: "outbound",
    hint: "Leave blank for the default transactional stream, outbound.",
  },
  baseUrl: baseUrlField("Leave blank for https://api.postmarkapp.com."),
  // The username is no secret: shown in full, like the rest of the settings.
  webhookUsername: {
    label: "Webhook username (for events)",
    kind: "text",
    schema: webhookUsernameSchema.optional(),
    hint: "Choose a username and password and set them as basic auth on the Postmark webhook for this provider's event URL (shown on its card).",
  },
  webhookPassword: {
    label: "Webhook password (for events)",
    kind: "secret",
    schema: webhookPasswordSchema.optional(),
    hint: "At least 12 characters.",
  },
} satisfies ConfigFields;

export const postmarkFields = defineProvider({
  type: "postmark",
  label: "Postmark",
  description: "Send through a Postmark server with its server token.",
  eventWebhook: true,
  inboundWebhook: true,
  fields,
  configSchema: configObject(fields),
});
export type PostmarkConfig = z.infer<typeof postmarkFields.configSchema>;
