// An inbound message row as the rules and actions read it.
import { z } from "zod";
import type { InboundMessage } from "@/lib/generated/prisma/client";
import type { MatchableEmail } from "@/lib/inbound/evaluate-rules";
import type { InboundHeader } from "@/lib/inbound/inbound-email";

/** What a message's attachments show without their content. */
export const ATTACHMENT_INFO = {
  select: { id: true, filename: true, contentType: true, size: true, contentId: true },
  orderBy: { position: "asc" as const },
};

export type StoredMessage = InboundMessage & {
  attachments: { id: string; filename: string; contentType: string; size: number; contentId: string | null }[];
};

const headersSchema = z.array(z.object({ name: z.string(), value: z.string() }));

export const storedHeaders = (m: InboundMessage): InboundHeader[] => headersSchema.catch([]).parse(m.headers);

export function headerOf(m: InboundMessage, name: string): string | null {
  return storedHeaders(m).find((h) => h.name === name)?.value ?? null;
}

export function matchableOf(m: StoredMessage): MatchableEmail {
  const named = (address: string) => ({ address, name: "" });
  return {
    from: m.fromAddress ? { address: m.fromAddress, name: m.fromName } : null,
    to: m.toAddresses.map(named),
    cc: m.ccAddresses.map(named),
    subject: m.subject,
    text: m.text,
    html: m.html,
    size: m.size,
    headers: storedHeaders(m),
    attachments: m.attachments,
    envelopeTo: m.envelopeTo,
  };
}

/** Who replies go to: Reply-To when the sender set one, else From. */
export function replyAddress(m: InboundMessage): string | null {
  return m.replyTo[0] ?? m.fromAddress;
}
