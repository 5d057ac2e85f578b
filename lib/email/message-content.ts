// What a message record keeps of its content, for the message page: the html and text as the
// caller gave them (before open and click tracking, so viewing it records no open), each cut at
// MAX_STORED_BODY_CHARS; the headers the message carries; its attachments' names, types and
// sizes (never their contents); and its tags as "name:value". Retention removes html and text
// (lib/retention/blank-message-bodies.ts).
import { formatAddress, type OutgoingMessage } from "@/lib/providers/adapter";
import type { Tag } from "@/lib/email/tags";
import { storableText } from "@/lib/db/storable-text";

export const MAX_STORED_BODY_CHARS = 256 * 1024;

export interface MessageContent {
  html: string | null;
  text: string | null;
  headers: { name: string; value: string }[];
  attachments: { filename: string; contentType: string; size: number }[];
  truncated: boolean;
  tags: string[];
}

// The cut may split a surrogate pair: storableText mends the half it leaves.
const bounded = (s: string | undefined) => (s === undefined ? null : storableText(s.slice(0, MAX_STORED_BODY_CHARS)));

export function messageContent(m: OutgoingMessage, tags: Tag[] = []): MessageContent {
  const list = (as: { email: string; name?: string }[]) => as.map(formatAddress).join(", ");
  const headers = [
    { name: "From", value: formatAddress(m.from) },
    { name: "To", value: list(m.to) },
    ...(m.cc.length ? [{ name: "Cc", value: list(m.cc) }] : []),
    ...(m.replyTo ? [{ name: "Reply-To", value: formatAddress(m.replyTo) }] : []),
    { name: "Subject", value: m.subject },
    { name: "Message-ID", value: m.messageId },
    ...Object.entries(m.headers ?? {}).map(([name, value]) => ({ name, value })),
  ];
  return {
    html: bounded(m.html),
    text: bounded(m.text),
    headers,
    attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })),
    truncated: (m.html?.length ?? 0) > MAX_STORED_BODY_CHARS || (m.text?.length ?? 0) > MAX_STORED_BODY_CHARS,
    tags: tags.map(tagString),
  };
}

export const tagString = (t: Tag) => `${t.name}:${t.value}`;
