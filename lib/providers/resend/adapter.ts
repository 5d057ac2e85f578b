// Resend's API over providerFetch: POST /emails with a JSON body, authenticated by a Bearer
// key. Its errors ({ statusCode, name, message }) are mapped onto ProviderError so that
// failover treats Resend like every other provider. Every send carries the message's
// Message-ID as Resend's Idempotency-Key: Resend answers a repeat of the same key (for 24
// hours) with the first send's result instead of sending again, so a send whose answer was
// lost can be repeated safely (idempotent). (Not through the resend SDK: its fetch cannot be
// given the outbound address policy's connect-time check.)
import { z } from "zod";
import {
  adapterSettings,
  ambiguousFailure,
  formatAddress,
  ProviderError,
  type OutgoingMessage,
  type ProviderAdapter,
} from "@/lib/providers/adapter";
import {
  attachmentsWithInvite,
  errorFromStatus,
  providerApi,
  providerFetch,
  replyText,
  type ProviderApi,
} from "@/lib/providers/http-provider";
import type { OutboundPolicy } from "@/lib/net/outbound-policy";
import { providerPolicy } from "@/lib/providers/provider-policy";
import { resendFields, type ResendConfig } from "@/lib/providers/resend/fields";

const OFFICIAL_BASE_URLS = ["https://api.resend.com"];

const errorSchema = z.object({ statusCode: z.number().optional(), name: z.string(), message: z.string().optional() });
const sentSchema = z.object({ id: z.string() });
const domainsSchema = z.object({ data: z.array(z.unknown()) });

function emailBody(message: OutgoingMessage) {
  const attachments = attachmentsWithInvite(message).map((a) => ({
    filename: a.filename,
    content: a.content.toString("base64"),
    content_type: a.contentType,
    content_id: a.contentId,
  }));
  return {
    from: formatAddress(message.from),
    to: message.to.map(formatAddress),
    cc: message.cc.length ? message.cc.map(formatAddress) : undefined,
    bcc: message.bcc.length ? message.bcc.map(formatAddress) : undefined,
    reply_to: message.replyTo && formatAddress(message.replyTo),
    subject: message.subject,
    html: message.html,
    text: message.html === undefined ? (message.text ?? "") : message.text,
    // No Message-ID: Resend sets its own and refuses an override.
    headers: Object.keys(message.headers).length ? message.headers : undefined,
    attachments: attachments.length ? attachments : undefined,
  };
}

/** Key problems are on the provider's side whatever status Resend gives them: fail over. */
const KEY_ERRORS = new Set<string>(["missing_api_key", "invalid_api_key", "restricted_api_key", "invalid_access"]);

/** Resend's documented error message is shown only from its official host (http-provider.ts). */
function resendError(api: ProviderApi, status: number, body: unknown): ProviderError {
  const error = errorSchema.safeParse(body).data;
  // The first request with this key is still being processed: its outcome is not known yet.
  if (error?.name === "concurrent_idempotent_requests")
    return ambiguousFailure("Resend is still processing an earlier send of this message");
  const mapped = errorFromStatus("Resend", status, replyText(api, error?.message));
  return error && KEY_ERRORS.has(error.name) ? new ProviderError(mapped.message, true, status) : mapped;
}

const api = (config: ResendConfig, policy: OutboundPolicy) => providerApi("Resend", config.baseUrl, OFFICIAL_BASE_URLS, policy);
const auth = (config: ResendConfig) => ({ authorization: `Bearer ${config.apiKey}` });

export const resendAdapter: ProviderAdapter<ResendConfig> = {
  ...adapterSettings(resendFields),
  capabilities: {
    attachments: true,
    customHeaders: true,
    scheduling: true,
    tracking: true,
    inbound: true,
    batch: true,
    maxMessageBytes: 40 * 1024 * 1024,
  },
  idempotent: true,
  async send(config, message, policy = providerPolicy()) {
    const to = api(config, policy);
    const res = await providerFetch(to, "/emails", {
      method: "POST",
      headers: { ...auth(config), "content-type": "application/json", "idempotency-key": message.messageId },
      body: JSON.stringify(emailBody(message)),
    });
    const sent = sentSchema.safeParse(res.body).data;
    if (res.status < 200 || res.status >= 300) throw resendError(to, res.status, res.body);
    // A success without the id: Resend probably has the message; a repeat with the same key settles it.
    if (!sent) throw ambiguousFailure(`Resend answered ${res.status} without a message id`);
    // Accepted: never throw from here, a failover would send the message twice.
    return { providerMessageId: sent.id };
  },
  async test(config, policy = providerPolicy()) {
    const to = api(config, policy);
    const res = await providerFetch(to, "/domains", { headers: auth(config) });
    // A sending-only key (the recommended kind) is valid but may not list domains.
    if (errorSchema.safeParse(res.body).data?.name === "restricted_api_key")
      return { message: "Authenticated with a sending-only key (domains not listed)" };
    const domains = domainsSchema.safeParse(res.body).data;
    if (res.status !== 200 || !domains) throw resendError(to, res.status, res.body);
    const count = domains.data.length;
    return { message: `Authenticated; ${count} ${count === 1 ? "domain" : "domains"}` };
  },
};
