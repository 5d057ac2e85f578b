// Postmark's inbound webhook: each message Postmark receives for the server, POSTed as JSON.
// Follows Postmark's docs pages "Inbound webhook" (the fields; RawEmail, the whole message,
// when "Include raw email content in JSON payload" is on) and "Parse an email". Authenticated
// with HTTP Basic credentials like its other webhooks (events.ts).
import { z } from "zod";
import type { InboundAddress } from "@/lib/inbound/inbound-email";
import { addressList } from "@/lib/inbound/sources/addresses";
import { attachmentOf } from "@/lib/inbound/sources/attachments";
import { bodyText, headerBlock, mimeSize, parseHeaderBlock, parseMessage } from "@/lib/inbound/sources/provider-mime";
import type { ProviderInboundSource } from "@/lib/inbound/sources/types";
import { parseJsonBody, parseWith } from "@/lib/provider-events/event-body";
import { verifyPostmarkCredentials, type PostmarkEventConfig } from "@/lib/providers/postmark/events";

const addressSchema = z.object({ Email: z.string(), Name: z.string().nullish() });
const inboundSchema = z.object({
  // Postmark's own id for the inbound message, not the Message-ID header (that one is in Headers).
  MessageID: z.string().min(1),
  FromFull: addressSchema.nullish(),
  ToFull: z.array(addressSchema),
  CcFull: z.array(addressSchema).nullish(),
  ReplyTo: z.string().nullish(),
  Subject: z.string().nullish(),
  Date: z.string().nullish(),
  TextBody: z.string().nullish(),
  HtmlBody: z.string().nullish(),
  Headers: z.array(z.object({ Name: z.string(), Value: z.string() })),
  Attachments: z
    .array(
      z.object({ Name: z.string().nullish(), Content: z.string(), ContentType: z.string().nullish(), ContentID: z.string().nullish() }),
    )
    .nullish(),
  OriginalRecipient: z.string().nullish(),
  RawEmail: z.string().nullish(),
});

function addressesOf(list: z.infer<typeof addressSchema>[] | null | undefined): InboundAddress[] {
  return (list ?? []).filter((a) => a.Email.trim()).map((a) => ({ address: a.Email.trim().toLowerCase(), name: a.Name ?? "" }));
}

function dateOf(value: string | null | undefined): Date | null {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

export const postmarkInboundSource: ProviderInboundSource<PostmarkEventConfig> = {
  async verify(req, config) {
    verifyPostmarkCredentials(req, config);
  },

  async parse(req) {
    const body = parseWith(inboundSchema, parseJsonBody(req.rawBody.toString("utf8")), "Postmark inbound message");
    const envelope = { to: body.OriginalRecipient ? [body.OriginalRecipient] : [] };
    if (body.RawEmail) return [await parseMessage(Buffer.from(body.RawEmail), envelope)];

    // Headers holds the rest (Message-ID, In-Reply-To, References, X-…); the address fields,
    // Subject and Date come as their own fields.
    const block = headerBlock(body.Headers.map((h) => [h.Name, h.Value]));
    const headers = await parseHeaderBlock(block, envelope);
    const text = bodyText(body.TextBody || null);
    const html = bodyText(body.HtmlBody || null);
    const attachments = (body.Attachments ?? []).map((a) =>
      attachmentOf(Buffer.from(a.Content, "base64"), { filename: a.Name, contentType: a.ContentType, contentId: a.ContentID }),
    );
    return [
      {
        ...headers,
        from: addressesOf(body.FromFull ? [body.FromFull] : [])[0] ?? null,
        to: addressesOf(body.ToFull),
        cc: addressesOf(body.CcFull),
        replyTo: addressList(body.ReplyTo),
        subject: body.Subject ?? "",
        date: dateOf(body.Date),
        // Postmark sends "" for a part the message does not have.
        text,
        html,
        attachments,
        size: mimeSize({ headerBlock: block, text, html, attachments }),
      },
    ];
  },
};
