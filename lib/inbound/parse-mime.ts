// A raw RFC 5322 message (what SMTP carries, and what SES, SendGrid's raw mode and Mailgun's
// MIME mode hand over) parsed with mailparser into an InboundEmail.
import type { AddressObject, HeaderValue, ParsedMail } from "mailparser";
import { parseMail, textOf } from "@/lib/smtp/parse-mail";
import type { InboundAddress, InboundEmail, InboundHeader } from "@/lib/inbound/inbound-email";

export interface Envelope {
  to?: string[];
  from?: string | null;
}

function addresses(value: AddressObject | AddressObject[] | undefined): InboundAddress[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const flat = objects.flatMap((o) => o.value).flatMap((a) => (a.group ? a.group : [a]));
  return flat.filter((a) => a.address).map((a) => ({ address: a.address!.toLowerCase(), name: a.name ?? "" }));
}

function headerText(value: HeaderValue): string {
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toUTCString();
  if (Array.isArray(value)) return value.map((v) => headerText(v as HeaderValue)).join(", ");
  if ("text" in value && typeof value.text === "string") return value.text;
  if ("value" in value && typeof value.value === "string") {
    const params = Object.entries((value as { params?: Record<string, string> }).params ?? {});
    return [value.value, ...params.map(([k, v]) => `${k}="${v}"`)].join("; ");
  }
  return JSON.stringify(value);
}

function headerList(parsed: ParsedMail): InboundHeader[] {
  const out: InboundHeader[] = [];
  // Repeated headers (Received, ...) come as arrays of their values.
  for (const [name, value] of parsed.headers) {
    const values = Array.isArray(value) && name !== "references" && !/^(to|cc|bcc|from|reply-to)$/.test(name) ? value : [value];
    for (const v of values) out.push({ name: name.toLowerCase(), value: headerText(v as HeaderValue) });
  }
  return out;
}

function messageIds(value: string | string[] | undefined): string[] {
  if (!value) return [];
  const joined = Array.isArray(value) ? value.join(" ") : value;
  return joined.match(/<[^<>\s]+>/g) ?? [];
}

export function normalizeEnvelope(envelope: Envelope): Pick<InboundEmail, "envelopeTo" | "envelopeFrom"> {
  return {
    envelopeTo: (envelope.to ?? []).map((a) => a.trim().toLowerCase()).filter(Boolean),
    // "<>" is the null sender (bounces, notifications): no address to answer.
    envelopeFrom: envelope.from ? envelope.from.trim().replace(/^<>$/, "").toLowerCase() || null : null,
  };
}

/** Parses a raw message. A message mailparser cannot read at all throws; odd parts are tolerated as mailparser tolerates them. */
export async function parseMime(raw: Buffer, envelope: Envelope = {}): Promise<InboundEmail> {
  const parsed = await parseMail(raw);
  return {
    messageId: parsed.messageId ? (parsed.messageId.startsWith("<") ? parsed.messageId : `<${parsed.messageId}>`) : null,
    from: addresses(parsed.from)[0] ?? null,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: addresses(parsed.replyTo),
    subject: parsed.subject ?? "",
    text: textOf(parsed),
    html: typeof parsed.html === "string" ? parsed.html : null,
    headers: headerList(parsed),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? "attachment",
      contentType: a.contentType.toLowerCase(),
      size: a.size ?? a.content.length,
      content: a.content,
      contentId: a.contentId ?? null,
    })),
    size: raw.length,
    inReplyTo: messageIds(parsed.inReplyTo)[0] ?? null,
    references: messageIds(parsed.references),
    date: parsed.date ?? null,
    ...normalizeEnvelope(envelope),
  };
}
