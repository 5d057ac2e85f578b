// How an answer to a received message threads: "Re: subject", In-Reply-To the message's
// Message-ID and References its references plus that id (RFC 5322 §3.6.4), trimmed to fit a
// header line (998 characters) by dropping the middle of long chains, as mail clients do: the
// first id (the thread's root) and the most recent ones are kept.
import type { InboundMessage } from "@/lib/generated/prisma/client";

const MAX_HEADER = 998;
/** Longer Message-IDs are nonsense; an answer to one is sent unthreaded. */
const MAX_ID = 500;

export function replySubject(subject: string): string {
  const flat = subject.replace(/[\r\n]+/g, " ");
  return (/^re:/i.test(flat) ? flat : `Re: ${flat}`).slice(0, MAX_HEADER);
}

export function threadingHeaders(m: Pick<InboundMessage, "messageIdHeader" | "references">): Record<string, string> {
  const id = m.messageIdHeader;
  if (!id || id.length > MAX_ID) return {};
  const earlier = m.references.filter((r) => r !== id && r.length <= MAX_ID / 2);
  const root = earlier[0];
  const recent: string[] = [];
  let length = id.length + (root ? root.length + 1 : 0);
  for (const ref of earlier.slice(1).reverse()) {
    if (length + 1 + ref.length > MAX_HEADER) break;
    recent.unshift(ref);
    length += 1 + ref.length;
  }
  return { "In-Reply-To": id, References: [...(root ? [root] : []), ...recent, id].join(" ") };
}
