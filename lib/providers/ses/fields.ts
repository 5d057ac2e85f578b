// Amazon SES's settings: the region and IAM key it sends with, and the SNS topic its events
// and received mail arrive through (sns.ts). Client-safe: the dashboard form reads this too.
import { z } from "zod";
import { configObject, defineProvider, type ConfigFields } from "@/lib/providers/config-fields";

/** The SNS topic an SES provider's notifications must come from; required by the SNS check, optional in the config. */
export const topicArnSchema = z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}(\.fifo)?$/, "An SNS topic ARN");

const fields = {
  region: {
    label: "Region",
    kind: "text",
    // The region becomes part of the API hostname: only accept what region names look like.
    schema: z.string().regex(/^[a-z]{2}(-[a-z0-9]+)+-\d+$/, "an AWS region such as eu-west-1"),
    placeholder: "eu-west-1",
    hint: "The AWS region your SES identities are verified in.",
  },
  accessKeyId: { label: "Access key ID", kind: "text", schema: z.string().trim().min(1), placeholder: "AKIA…" },
  secretAccessKey: { label: "Secret access key", kind: "secret", schema: z.string().min(1), credential: true },
  /** Overrides the regional endpoint (a VPC endpoint, a local stand-in for tests). */
  endpoint: {
    label: "Endpoint (optional)",
    kind: "url",
    schema: z.url({ protocol: /^https?$/ }).optional(),
    destination: "url",
    hint: "Only for a VPC endpoint; leave blank for the regional one.",
    placeholder: "https://…",
  },
  configurationSetName: { label: "Configuration set (optional)", kind: "text", schema: z.string().min(1).optional() },
  snsTopicArn: {
    label: "SNS topic ARN (for events)",
    kind: "text",
    schema: topicArnSchema.optional(),
    placeholder: "arn:aws:sns:…",
    hint: "The topic your configuration set publishes events to; subscribe this provider's event URL (shown on its card) to it over HTTPS. Events from any other topic are refused.",
  },
} satisfies ConfigFields;

export const sesFields = defineProvider({
  type: "ses",
  label: "Amazon SES",
  description: "Amazon Simple Email Service (API v2) with an IAM access key.",
  eventWebhook: true,
  inboundWebhook: true,
  fields,
  configSchema: configObject(fields),
});
export type SesConfig = z.infer<typeof sesFields.configSchema>;
