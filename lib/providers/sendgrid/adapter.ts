// SendGrid's v3 Mail Send API over fetch: POST /v3/mail/send with a JSON body, answered
// 202 with the message's id in the X-Message-Id header.
import { z } from "zod";
import { adapterSettings, type Address, type OutgoingMessage, type ProviderAdapter } from "@/lib/providers/adapter";
import { attachmentsWithInvite, errorFromStatus, providerApi, providerFetch, replyText } from "@/lib/providers/http-provider";
import type { OutboundPolicy } from "@/lib/net/outbound-policy";
import { providerPolicy } from "@/lib/providers/provider-policy";
import { sendgridFields, type SendGridConfig } from "@/lib/providers/sendgrid/fields";

/** The global and EU-regional API hosts: SendGrid's own. */
const OFFICIAL_BASE_URLS = ["https://api.sendgrid.com", "https://api.eu.sendgrid.com"];

const errorBodySchema = z.object({ errors: z.array(z.object({ message: z.string() })).min(1) });
const scopesSchema = z.object({ scopes: z.array(z.string()) });

const contact = (a: Address) => ({ email: a.email, name: a.name });

function mailSendBody(message: OutgoingMessage) {
  const content = [
    // SendGrid requires text/plain first, then text/html, and refuses empty values.
    message.text ? { type: "text/plain", value: message.text } : null,
    message.html ? { type: "text/html", value: message.html } : null,
  ].filter((part) => part !== null);
  const attachments = attachmentsWithInvite(message).map((a) => ({
    content: a.content.toString("base64"),
    filename: a.filename,
    type: a.contentType,
    disposition: a.contentId ? "inline" : "attachment",
    content_id: a.contentId,
  }));
  return {
    // SendGrid refuses empty cc/bcc arrays: leave them out instead.
    personalizations: [{ to: message.to.map(contact), cc: nonEmpty(message.cc.map(contact)), bcc: nonEmpty(message.bcc.map(contact)) }],
    from: contact(message.from),
    reply_to: message.replyTo && contact(message.replyTo),
    subject: message.subject,
    content,
    attachments: nonEmpty(attachments),
    // No Message-ID: SendGrid sets its own and refuses an override.
    headers: Object.keys(message.headers).length ? message.headers : undefined,
  };
}

function nonEmpty<T>(items: T[]): T[] | undefined {
  return items.length ? items : undefined;
}

/** SendGrid's documented error messages are shown only from its official hosts (http-provider.ts). */
function sendGridError(api: { official: boolean }, status: number, body: unknown) {
  const parsed = errorBodySchema.safeParse(body);
  return errorFromStatus("SendGrid", status, replyText(api, parsed.data?.errors.map((e) => e.message).join("; ")));
}

const api = (config: SendGridConfig, policy: OutboundPolicy) => providerApi("SendGrid", config.baseUrl, OFFICIAL_BASE_URLS, policy);

function authHeaders(config: SendGridConfig) {
  return { authorization: `Bearer ${config.apiKey}` };
}

export const sendgridAdapter: ProviderAdapter<SendGridConfig> = {
  ...adapterSettings(sendgridFields),
  capabilities: {
    attachments: true,
    customHeaders: true,
    scheduling: true,
    tracking: true,
    inbound: true,
    batch: true,
    maxMessageBytes: 30 * 1024 * 1024,
  },
  async send(config, message, policy = providerPolicy()) {
    const to = api(config, policy);
    const res = await providerFetch(to, "/v3/mail/send", {
      method: "POST",
      headers: { ...authHeaders(config), "content-type": "application/json" },
      body: JSON.stringify(mailSendBody(message)),
    });
    if (res.status < 200 || res.status >= 300) throw sendGridError(to, res.status, res.body);
    // Accepted: never throw from here, a failover would send the message twice. SendGrid always
    // sets X-Message-Id on a 202; our own Message-ID is the fallback should it ever be missing.
    return { providerMessageId: res.headers.get("x-message-id") ?? message.messageId };
  },
  async test(config, policy = providerPolicy()) {
    const to = api(config, policy);
    const res = await providerFetch(to, "/v3/scopes", { headers: authHeaders(config) });
    if (res.status !== 200) throw sendGridError(to, res.status, res.body);
    const scopes = scopesSchema.safeParse(res.body).data?.scopes ?? [];
    const send = scopes.includes("mail.send") ? "including mail.send" : "but not mail.send: it cannot send";
    return { message: `Authenticated; the key has ${scopes.length} ${scopes.length === 1 ? "scope" : "scopes"}, ${send}` };
  },
};
