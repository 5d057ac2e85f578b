// Amazon SES email receiving through a receipt rule's SNS action: SES publishes each message
// to an SNS topic, which POSTs it here. Follows the SES Developer Guide pages "Contents of
// notifications for Amazon SES email receiving" and "Publish to an Amazon SNS topic" action
// (`content` is the raw message, base64 when the action's encoding is BASE64; the action
// takes messages up to 150 KB). The SNS envelope is verified as for SES events
// (sns.ts): signature, certificate host and the configured topic.
import { z } from "zod";
import { parseMessage } from "@/lib/inbound/sources/provider-mime";
import type { ProviderInboundSource } from "@/lib/inbound/sources/types";
import { parseJsonBody, parseWith } from "@/lib/provider-events/event-body";
import { createSesSnsVerifier, readSnsMessage, type SesSnsConfig, type SesSnsOptions } from "@/lib/providers/ses/sns";

const kindSchema = z.looseObject({ notificationType: z.string().optional() });
const receivedSchema = z.object({
  receipt: z.object({
    // The envelope's RCPT TO addresses the receipt rule matched (mail.destination lists the
    // To and Cc headers' addresses instead).
    recipients: z.array(z.string()),
    action: z.object({ encoding: z.string().optional() }),
  }),
  // The envelope's MAIL FROM.
  mail: z.object({ source: z.string() }),
  content: z.string({
    error: "no content: only a receipt rule's SNS action sends the message (S3 and Lambda actions send alerts without it)",
  }),
});

export function createSesInboundSource(options: SesSnsOptions): ProviderInboundSource<SesSnsConfig> {
  const sns = createSesSnsVerifier(options);
  return {
    verify: (req, config) => sns.verify(req.rawBody.toString("utf8"), config),

    subscriptionToConfirm: (req) => sns.subscriptionToConfirm(req.rawBody.toString("utf8"))?.href ?? null,

    async parse(req) {
      const message = readSnsMessage(req.rawBody.toString("utf8"));
      if (message.Type !== "Notification") return [];
      const notification = parseWith(kindSchema, parseJsonBody(message.Message), "SES notification");
      // The topic may also carry SES's other notifications (bounces, deliveries...): not mail.
      if (notification.notificationType !== "Received") return [];
      const { receipt, mail, content } = parseWith(receivedSchema, notification, "SES Received notification");
      const raw = Buffer.from(content, receipt.action.encoding === "BASE64" ? "base64" : "utf8");
      return [await parseMessage(raw, { to: receipt.recipients, from: mail.source })];
    },
  };
}
