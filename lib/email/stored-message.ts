// An OutgoingMessage as JSON, for the job that reconciles an unconfirmed send and may have to
// send the very same message (same Message-ID, same tracked links) through another provider.
// Attachments travel as base64; a DKIM key only sealed (ENCRYPTION_KEY), never in clear.
import { z } from "zod";
import { decryptSecret } from "@/lib/crypto/secret-box";
import type { OutgoingMessage } from "@/lib/providers/adapter";
import type { SealedDkimKey } from "@/lib/email/open-send";

const address = z.object({ email: z.string(), name: z.string().optional() });

export const storedMessageSchema = z.object({
  messageId: z.string(),
  from: address,
  to: z.array(address),
  cc: z.array(address),
  bcc: z.array(address),
  replyTo: address.optional(),
  subject: z.string(),
  html: z.string().optional(),
  text: z.string().optional(),
  headers: z.record(z.string(), z.string()),
  attachments: z.array(z.object({ filename: z.string(), content: z.string(), contentType: z.string(), contentId: z.string().optional() })),
  calendar: z.object({ method: z.enum(["REQUEST", "CANCEL", "PUBLISH"]), content: z.string() }).optional(),
  dkim: z.object({ domainName: z.string(), keySelector: z.string(), sealed: z.string() }).optional(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;

export function storeMessage(m: OutgoingMessage, dkim: SealedDkimKey | null): StoredMessage {
  // The clear DKIM key is left out: only the sealed one is stored.
  const { attachments, messageId, from, to, cc, bcc, replyTo, subject, html, text, headers, calendar } = m;
  return {
    messageId,
    from,
    to,
    cc,
    bcc,
    replyTo,
    subject,
    html,
    text,
    headers,
    calendar,
    attachments: attachments.map((a) => ({ ...a, content: a.content.toString("base64") })),
    ...(dkim ? { dkim } : {}),
  };
}

export function loadMessage(s: StoredMessage): OutgoingMessage {
  const { dkim, attachments, ...rest } = s;
  return {
    ...rest,
    attachments: attachments.map((a) => ({ ...a, content: Buffer.from(a.content, "base64") })),
    ...(dkim ? { dkim: { domainName: dkim.domainName, keySelector: dkim.keySelector, privateKey: decryptSecret(dkim.sealed) } } : {}),
  };
}
