// parseMime for provider posts. A raw message (SendGrid's raw mode, Mailgun's body-mime,
// Postmark's RawEmail, SES's content) is parsed whole. When the provider parsed the message
// itself, its headers (SendGrid's raw header block, Mailgun's and Postmark's name/value pairs)
// are parsed alone by the same parser, so header values, Message-ID, In-Reply-To, References
// and Date read exactly as they would from the whole message, and its bodies get the same
// line breaks. Unreadable: WebhookFormatError.
import type { InboundEmail } from "@/lib/inbound/inbound-email";
import { parseMime, type Envelope } from "@/lib/inbound/parse-mime";
import { WebhookFormatError } from "@/lib/provider-events/types";
import { HEADER_NAME } from "@/lib/email/address";

export async function parseMessage(raw: Buffer, envelope: Envelope): Promise<InboundEmail> {
  try {
    return await parseMime(raw, envelope);
  } catch (err) {
    throw new WebhookFormatError(`Message is not readable MIME: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A header block without a body: the result's text, html and attachments are empty, its size the block's. */
export function parseHeaderBlock(block: string, envelope: Envelope): Promise<InboundEmail> {
  return parseMessage(Buffer.from(`${block.replace(/(\r?\n)+$/, "")}\r\n\r\n`), envelope);
}

/** A text or html body the provider posted apart, with line breaks as parseMime gives them ("\n"; forms post "\r\n"). */
export function bodyText(value: string | null | undefined): string | null {
  return value == null ? null : value.replace(/\r\n?/g, "\n");
}

/** Name/value pairs as a header block: a line break inside a value is folding whitespace, and a pair with an impossible name is dropped. */
export function headerBlock(pairs: [string, string][]): string {
  return pairs
    .filter(([name]) => HEADER_NAME.test(name))
    .map(([name, value]) => `${name}: ${value.replace(/[\r\n]+/g, " ")}`)
    .join("\r\n");
}

/**
 * The size of the message a provider posted in parts, as it would be in MIME (the same measure
 * as SMTP and raw posts): headers, bodies, and attachments base64-encoded. Not the size of the
 * webhook request, which wraps the parts in JSON or a form.
 */
export function mimeSize(parts: {
  headerBlock: string;
  text: string | null;
  html: string | null;
  attachments: { size: number }[];
}): number {
  const bytes = (s: string | null) => (s === null ? 0 : Buffer.byteLength(s));
  return (
    bytes(parts.headerBlock) + bytes(parts.text) + bytes(parts.html) + parts.attachments.reduce((n, a) => n + Math.ceil(a.size / 3) * 4, 0)
  );
}
