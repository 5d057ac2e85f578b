// Mailgun Routes: a route whose action is forward("https://…") POSTs each message Mailgun
// receives for the domain. Follows Mailgun's docs pages "Receiving, Forwarding and Storing
// Messages" / "Routes" (the parsed fields, multipart/form-data or urlencoded; `body-mime`, the
// whole message, when the URL ends in "mime") and "Securing Webhooks" (the signature check
// lives in events.ts).
import { z } from "zod";
import { fileAttachment } from "@/lib/inbound/sources/attachments";
import { formBytes, formFields, jsonField, numberedFiles, readForm } from "@/lib/inbound/sources/form-body";
import { bodyText, headerBlock, mimeSize, parseHeaderBlock, parseMessage } from "@/lib/inbound/sources/provider-mime";
import type { ProviderInboundSource } from "@/lib/inbound/sources/types";
import { parseWith } from "@/lib/provider-events/event-body";
import { signatureSchema, verifyMailgunSignature, type MailgunEventConfig, type MailgunSignature } from "@/lib/providers/mailgun/events";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";

const fieldsSchema = z.object({
  recipient: z.string().optional(),
  sender: z.string().optional(),
  "message-headers": z.string().optional(),
  "body-plain": z.string().optional(),
  "body-html": z.string().optional(),
  "content-id-map": z.string().optional(),
});
// [name, value] in message order; a structured value (Content-Type) comes as [value, {param: value}].
const headerPairsSchema = z.array(z.tuple([z.string(), z.union([z.string(), z.tuple([z.string(), z.record(z.string(), z.string())])])]));
// Content-ID → the attachment-N field of that inline part.
const contentIdMapSchema = z.record(z.string(), z.string());

function headerValue(value: z.infer<typeof headerPairsSchema>[number][1]): string {
  if (typeof value === "string") return value;
  const [main, params] = value;
  return [main, ...Object.entries(params).map(([k, v]) => `${k}="${v.replace(/["\\]/g, "\\$&")}"`)].join("; ");
}

export const mailgunInboundSource: ProviderInboundSource<MailgunEventConfig> = {
  async verify(req, config, now = new Date()) {
    // The signature travels inside the body: an unreadable body cannot be authenticated.
    let signed: MailgunSignature;
    try {
      signed = parseWith(signatureSchema, formFields(await readForm(req)), "Mailgun forward");
    } catch (err) {
      if (err instanceof WebhookFormatError) throw new WebhookAuthError(`Mailgun forward signature missing: ${err.message}`);
      throw err;
    }
    verifyMailgunSignature(signed, config, now);
  },

  async replayToken(req) {
    return formFields(await readForm(req)).token || null;
  },

  async parse(req) {
    const form = await readForm(req);
    const fields = parseWith(fieldsSchema, formFields(form), "Mailgun forward");
    // One recipient as a rule; split in case several RCPT TO share one post.
    const envelope = { to: fields.recipient?.split(","), from: fields.sender };
    const mime = await formBytes(form, "body-mime");
    if (mime) return [await parseMessage(mime, envelope)];
    if (fields["message-headers"] === undefined) throw new WebhookFormatError("Mailgun forward without message-headers or body-mime");

    const pairs = jsonField(headerPairsSchema, fields["message-headers"], "Mailgun message-headers");
    const cidMap =
      fields["content-id-map"] === undefined ? {} : jsonField(contentIdMapSchema, fields["content-id-map"], "Mailgun content-id-map");
    const contentIds = new Map(Object.entries(cidMap).map(([cid, field]) => [field, cid]));
    const attachments = await Promise.all(
      numberedFiles(form, "attachment-").map(({ field, file }) => fileAttachment(file, { contentId: contentIds.get(field) })),
    );
    // message-headers holds every header, From, To, Cc and Subject included.
    const block = headerBlock(pairs.map(([name, value]) => [name, headerValue(value)]));
    const headers = await parseHeaderBlock(block, envelope);
    const text = bodyText(fields["body-plain"]);
    const html = bodyText(fields["body-html"]);
    return [{ ...headers, text, html, attachments, size: mimeSize({ headerBlock: block, text, html, attachments }) }];
  },
};
