// How an SES provider's SNS deliveries are authenticated, for its event source (events.ts) and
// its inbound source (inbound.ts) alike: the SNS signature (lib/provider-events/sns-signature.ts)
// and the provider's own topic, which is required. SNS "raw message delivery" must stay off:
// raw messages carry no signature.
import { z } from "zod";
import { parseJsonBody, parseWith } from "@/lib/provider-events/event-body";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import { webhookConfig } from "@/lib/provider-events/verification";
import { SNS_HOST_PATTERN, snsMessageSchema, snsUrl, verifySnsSignature, type SnsMessage } from "@/lib/provider-events/sns-signature";
import { topicArnSchema } from "@/lib/providers/ses/fields";

const configSchema = z.object({ snsTopicArn: topicArnSchema.optional() });
export type SesSnsConfig = z.infer<typeof configSchema>;

export interface SesSnsOptions {
  fetchCertificate: (url: URL) => Promise<string>;
  certificateHostPattern?: RegExp;
}

/** The SNS envelope of a body; one that is none is a WebhookFormatError. */
export function readSnsMessage(rawBody: string): SnsMessage {
  return parseWith(snsMessageSchema, parseJsonBody(rawBody), "SNS message");
}

export interface SesSnsVerifier {
  /** Throws WebhookAuthError unless the body is an SNS message signed by SNS, from the provider's configured topic. */
  verify(rawBody: string, config: unknown): Promise<void>;
  /** The URL to GET to confirm a subscription, for a SubscriptionConfirmation that verify() accepted; else null. */
  subscriptionToConfirm(rawBody: string): URL | null;
}

export function createSesSnsVerifier(options: SesSnsOptions): SesSnsVerifier {
  const hostPattern = options.certificateHostPattern ?? SNS_HOST_PATTERN;
  return {
    // No timestamp window: SNS retries under the topic's delivery policy for up to hours, and
    // a replay re-delivers a MessageId already recorded (the de-duplication key).
    async verify(rawBody, config) {
      const { snsTopicArn } = webhookConfig("SES", configSchema, config);
      let message: SnsMessage;
      try {
        message = readSnsMessage(rawBody);
      } catch (err) {
        // The signature is inside the body: without a readable envelope nothing is authentic.
        if (err instanceof WebhookFormatError) throw new WebhookAuthError(err.message);
        throw err;
      }
      // A valid SNS signature only proves the message came through SNS, from any AWS account's
      // topic: pinning the topic is what makes it this customer's. So the topic is required
      // (else anyone could subscribe a topic of their own here and post fake notifications).
      if (snsTopicArn === undefined) throw new WebhookAuthError("Set snsTopicArn on this SES provider to receive its notifications");
      if (message.TopicArn !== snsTopicArn) throw new WebhookAuthError("SNS message from another topic");
      await verifySnsSignature(message, { fetchCertificate: options.fetchCertificate, hostPattern });
    },

    subscriptionToConfirm(rawBody) {
      const message = readSnsMessage(rawBody);
      return message.Type === "SubscriptionConfirmation" ? snsUrl(message.SubscribeURL, hostPattern) : null;
    },
  };
}
