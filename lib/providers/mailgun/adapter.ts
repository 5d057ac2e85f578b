// Mailgun's Messages API over fetch: POST /v3/{domain}/messages as multipart/form-data,
// authenticated with HTTP Basic "api:<key>". Accounts in the EU region must set
// baseUrl https://api.eu.mailgun.net: keys and domains exist in one region only.
import { z } from "zod";
import { adapterSettings, formatAddress, type OutgoingMessage, type ProviderAdapter } from "@/lib/providers/adapter";
import { attachmentsWithInvite, errorFromStatus, providerApi, providerFetch, replyText } from "@/lib/providers/http-provider";
import type { OutboundPolicy } from "@/lib/net/outbound-policy";
import { providerPolicy } from "@/lib/providers/provider-policy";
import { mailgunFields, type MailgunConfig } from "@/lib/providers/mailgun/fields";

/** The US and EU regions' API hosts: Mailgun's own. */
const OFFICIAL_BASE_URLS = ["https://api.mailgun.net", "https://api.eu.mailgun.net"];

const errorBodySchema = z.object({ message: z.string() });
const acceptedSchema = z.object({ id: z.string() });
const domainSchema = z.object({ domain: z.object({ name: z.string(), state: z.string() }) });

function messageForm(message: OutgoingMessage): FormData {
  const form = new FormData();
  form.append("from", formatAddress(message.from));
  for (const a of message.to) form.append("to", formatAddress(a));
  for (const a of message.cc) form.append("cc", formatAddress(a));
  for (const a of message.bcc) form.append("bcc", formatAddress(a));
  if (message.replyTo) form.append("h:Reply-To", formatAddress(message.replyTo));
  form.append("subject", message.subject);
  if (message.text !== undefined) form.append("text", message.text);
  if (message.html !== undefined) form.append("html", message.html);
  for (const [name, value] of Object.entries(message.headers)) form.append(`h:${name}`, value);
  // Mailgun keeps a given Message-Id, so replies thread on our id.
  form.append("h:Message-Id", message.messageId);
  for (const a of attachmentsWithInvite(message)) {
    // Blob lower-cases its type ("method=request"): calendar clients read METHOD from the .ics itself.
    const file = new Blob([new Uint8Array(a.content)], { type: a.contentType });
    // Mailgun gives an inline part the Content-ID of its filename, so the html's cid:<id> must be the name.
    if (a.contentId) form.append("inline", file, a.contentId);
    else form.append("attachment", file, a.filename);
  }
  return form;
}

/** Mailgun's documented message is shown only from its official hosts (http-provider.ts). */
function mailgunError(api: { official: boolean }, status: number, body: unknown) {
  return errorFromStatus("Mailgun", status, replyText(api, errorBodySchema.safeParse(body).data?.message));
}

const api = (config: MailgunConfig, policy: OutboundPolicy) => providerApi("Mailgun", config.baseUrl, OFFICIAL_BASE_URLS, policy);

function authHeaders(config: MailgunConfig) {
  return { authorization: `Basic ${Buffer.from(`api:${config.apiKey}`).toString("base64")}` };
}

export const mailgunAdapter: ProviderAdapter<MailgunConfig> = {
  ...adapterSettings(mailgunFields),
  capabilities: {
    attachments: true,
    customHeaders: true,
    scheduling: true,
    tracking: true,
    inbound: true,
    batch: true,
    maxMessageBytes: 25 * 1024 * 1024,
  },
  async send(config, message, policy = providerPolicy()) {
    const to = api(config, policy);
    const path = `/v3/${encodeURIComponent(config.domain)}/messages`;
    // providerFetch sets the multipart content type with its boundary from the FormData.
    const res = await providerFetch(to, path, {
      method: "POST",
      headers: authHeaders(config),
      body: messageForm(message),
    });
    if (res.status !== 200) throw mailgunError(to, res.status, res.body);
    // Accepted: never throw from here, a failover would send the message twice.
    return { providerMessageId: acceptedSchema.safeParse(res.body).data?.id ?? message.messageId };
  },
  async test(config, policy = providerPolicy()) {
    const to = api(config, policy);
    const path = `/v3/domains/${encodeURIComponent(config.domain)}`;
    const res = await providerFetch(to, path, { headers: authHeaders(config) });
    const found = domainSchema.safeParse(res.body).data;
    if (res.status !== 200 || !found) throw mailgunError(to, res.status, res.body);
    return {
      message: to.official
        ? `Domain ${found.domain.name} is ${found.domain.state}`
        : `Authenticated at ${new URL(to.base).host} for domain ${config.domain}`,
    };
  },
};
