// Postmark's Email API over fetch: POST /email with a JSON body, authenticated by a server
// token. Postmark answers 422 with its own ErrorCode for refused messages.
import { z } from "zod";
import {
  adapterSettings,
  formatAddress,
  ProviderError,
  type Address,
  type OutgoingMessage,
  type ProviderAdapter,
} from "@/lib/providers/adapter";
import { attachmentsWithInvite, errorFromStatus, providerApi, providerFetch, replyText } from "@/lib/providers/http-provider";
import type { OutboundPolicy } from "@/lib/net/outbound-policy";
import { providerPolicy } from "@/lib/providers/provider-policy";
import { postmarkFields, type PostmarkConfig } from "@/lib/providers/postmark/fields";

const OFFICIAL_BASE_URLS = ["https://api.postmarkapp.com"];

const answerSchema = z.object({ ErrorCode: z.number(), Message: z.string().optional(), MessageID: z.string().optional() });
const serverSchema = z.object({ Name: z.string() });

/**
 * ErrorCodes that come with a 422 but are about the token or the account, not the message:
 * 10 bad token, 100 maintenance, 405 out of credits, 412 account pending, 413 account may not send.
 * Another provider can still send the message, so these fail over.
 */
const ACCOUNT_ERROR_CODES = new Set([10, 100, 405, 412, 413]);

const joined = (list: Address[]) => (list.length ? list.map(formatAddress).join(", ") : undefined);

function emailBody(message: OutgoingMessage, config: PostmarkConfig) {
  return {
    From: formatAddress(message.from),
    To: joined(message.to),
    Cc: joined(message.cc),
    Bcc: joined(message.bcc),
    ReplyTo: message.replyTo && formatAddress(message.replyTo),
    Subject: message.subject,
    HtmlBody: message.html,
    TextBody: message.text,
    MessageStream: config.messageStream ?? "outbound",
    // Postmark keeps a given Message-ID, so replies thread on our id.
    Headers: [
      ...Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })),
      { Name: "Message-ID", Value: message.messageId },
    ],
    Attachments: attachmentsWithInvite(message).map((a) => ({
      Name: a.filename,
      Content: a.content.toString("base64"),
      ContentType: a.contentType,
      // Postmark wants the cid: prefix here; the html refers to the same "cid:<id>".
      ContentID: a.contentId && `cid:${a.contentId}`,
    })),
  };
}

/** Postmark's documented Message is shown only from its official host (http-provider.ts). */
export function postmarkError(api: { official: boolean }, status: number, body: unknown): ProviderError {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) return errorFromStatus("Postmark", status);
  const { ErrorCode: code, Message } = parsed.data;
  const detail = replyText(api, `${Message ?? "no message"} (ErrorCode ${code})`);
  if (status === 422 && ACCOUNT_ERROR_CODES.has(code))
    return new ProviderError(errorFromStatus("Postmark", status, detail).message, true, status);
  return errorFromStatus("Postmark", status, detail);
}

const api = (config: PostmarkConfig, policy: OutboundPolicy) => providerApi("Postmark", config.baseUrl, OFFICIAL_BASE_URLS, policy);

function headers(config: PostmarkConfig) {
  return { accept: "application/json", "content-type": "application/json", "x-postmark-server-token": config.serverToken };
}

export const postmarkAdapter: ProviderAdapter<PostmarkConfig> = {
  ...adapterSettings(postmarkFields),
  capabilities: {
    attachments: true,
    customHeaders: true,
    scheduling: false,
    tracking: true,
    inbound: true,
    batch: true,
    maxMessageBytes: 10 * 1024 * 1024,
  },
  async send(config, message, policy = providerPolicy()) {
    const to = api(config, policy);
    const res = await providerFetch(to, "/email", {
      method: "POST",
      headers: headers(config),
      body: JSON.stringify(emailBody(message, config)),
    });
    const answer = answerSchema.safeParse(res.body).data;
    if (res.status !== 200 || answer?.ErrorCode !== 0) throw postmarkError(to, res.status, res.body);
    // Accepted: never throw from here, a failover would send the message twice.
    return { providerMessageId: answer.MessageID ?? message.messageId };
  },
  async test(config, policy = providerPolicy()) {
    const to = api(config, policy);
    const res = await providerFetch(to, "/server", { headers: headers(config) });
    const server = serverSchema.safeParse(res.body).data;
    if (res.status !== 200 || !server) throw postmarkError(to, res.status, res.body);
    return { message: to.official ? `Authenticated as server ${server.Name}` : `Authenticated at ${new URL(to.base).host}` };
  },
};
