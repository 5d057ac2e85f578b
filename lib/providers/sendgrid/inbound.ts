// SendGrid Inbound Parse: each message SendGrid receives for the domain, POSTed as
// multipart/form-data. Follows SendGrid's docs pages "Inbound Email Parse Webhook" (the
// default fields; `email`, the whole message, when "Send Raw" is on), "Setting up the Inbound
// Parse Webhook" and "Securing your Inbound Parse Webhooks" (signed exactly like the Event
// Webhook: the check lives in events.ts).
import { z } from "zod";
import { addressList } from "@/lib/inbound/sources/addresses";
import { fileAttachment } from "@/lib/inbound/sources/attachments";
import { formBytes, formFields, jsonField, numberedFiles, readForm } from "@/lib/inbound/sources/form-body";
import { bodyText, mimeSize, parseHeaderBlock, parseMessage } from "@/lib/inbound/sources/provider-mime";
import type { ProviderInboundSource } from "@/lib/inbound/sources/types";
import { parseWith } from "@/lib/provider-events/event-body";
import { publicKeySchema } from "@/lib/providers/sendgrid/fields";
import { verifySendGridSignature, type SendGridEventConfig } from "@/lib/providers/sendgrid/events";
import { WebhookFormatError } from "@/lib/provider-events/types";
import { webhookConfig } from "@/lib/provider-events/verification";

// Inbound Parse shows its own verification key; without one, the Event Webhook's is tried.
const keySchema = z
  .object({ inboundPublicKey: publicKeySchema.optional(), webhookPublicKey: publicKeySchema.optional() })
  .transform((c) => c.inboundPublicKey ?? c.webhookPublicKey)
  .pipe(publicKeySchema);
export type SendGridInboundConfig = SendGridEventConfig & { inboundPublicKey?: string };

const fieldsSchema = z.object({
  headers: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  cc: z.string().optional(),
  subject: z.string().optional(),
  text: z.string().optional(),
  html: z.string().optional(),
  envelope: z.string().optional(),
  "attachment-info": z.string().optional(),
});
const envelopeSchema = z.object({ to: z.array(z.string()).optional(), from: z.string().nullish() });
const attachmentInfoSchema = z.record(
  z.string(),
  z.object({ filename: z.string().nullish(), name: z.string().nullish(), type: z.string().nullish(), "content-id": z.string().nullish() }),
);

export const sendgridInboundSource: ProviderInboundSource<SendGridInboundConfig> = {
  async verify(req, config, now = new Date()) {
    verifySendGridSignature(req, req.rawBody, webhookConfig("SendGrid", keySchema, config), now);
  },

  async parse(req) {
    const form = await readForm(req);
    const fields = parseWith(fieldsSchema, formFields(form), "SendGrid Inbound Parse post");
    const envelope = fields.envelope === undefined ? {} : jsonField(envelopeSchema, fields.envelope, "SendGrid envelope");
    const raw = await formBytes(form, "email");
    if (raw) return [await parseMessage(raw, envelope)];
    if (fields.headers === undefined) throw new WebhookFormatError("SendGrid Inbound Parse post without headers or email");

    const info =
      fields["attachment-info"] === undefined ? {} : jsonField(attachmentInfoSchema, fields["attachment-info"], "SendGrid attachment-info");
    const attachments = await Promise.all(
      numberedFiles(form, "attachment").map(({ field, file }) => {
        const about = Object.hasOwn(info, field) ? info[field] : undefined;
        return fileAttachment(file, {
          filename: about?.filename ?? about?.name,
          contentType: about?.type,
          contentId: about?.["content-id"],
        });
      }),
    );
    const headers = await parseHeaderBlock(fields.headers, envelope);
    // Addresses and subject from SendGrid's own fields: it decodes them to UTF-8 (docs,
    // "Character Sets and Header Decoding"). text and html are read as UTF-8 by the form
    // parser, whatever the `charsets` field says: "Send Raw" keeps other charsets intact.
    return [
      {
        ...headers,
        from: addressList(fields.from)[0] ?? null,
        to: addressList(fields.to),
        cc: addressList(fields.cc),
        subject: fields.subject ?? "",
        text: bodyText(fields.text),
        html: bodyText(fields.html),
        attachments,
        size: mimeSize({ headerBlock: fields.headers, text: bodyText(fields.text), html: bodyText(fields.html), attachments }),
      },
    ];
  },
};
