// One received email, whatever brought it (our SMTP listener or a provider's inbound webhook):
// the rules, the inbox and the actions all read this shape.

export interface InboundAddress {
  /** Lower-cased. */
  address: string;
  name: string;
}

export interface InboundAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
  contentId: string | null;
}

export interface InboundHeader {
  /** Lower-cased header name. */
  name: string;
  value: string;
}

export interface InboundEmail {
  /** The Message-ID header with its angle brackets, or null when the sender gave none. */
  messageId: string | null;
  from: InboundAddress | null;
  to: InboundAddress[];
  cc: InboundAddress[];
  replyTo: InboundAddress[];
  subject: string;
  text: string | null;
  html: string | null;
  /** In their order in the message; a header given twice appears twice. */
  headers: InboundHeader[];
  attachments: InboundAttachment[];
  /** Size in bytes of the message as received. */
  size: number;
  inReplyTo: string | null;
  /** Message-IDs with their angle brackets, oldest first. */
  references: string[];
  date: Date | null;
  /** Envelope recipients (RCPT TO), lower-cased, when the transport told them; else empty. */
  envelopeTo: string[];
  /** Envelope sender (MAIL FROM), lower-cased; null when unknown or the null sender "<>". */
  envelopeFrom: string | null;
}

/** Every recipient address the message names: envelope first, then To and Cc, without repeats. */
export function recipientsOf(email: InboundEmail): string[] {
  return [...new Set([...email.envelopeTo, ...email.to.map((a) => a.address), ...email.cc.map((a) => a.address)])];
}

export function headerValues(email: InboundEmail, name: string): string[] {
  const wanted = name.toLowerCase();
  return email.headers.filter((h) => h.name === wanted).map((h) => h.value);
}
