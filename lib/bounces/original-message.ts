// The header section of the original message a report includes, and its Return-Path and To: the
// lines around the first Message-ID line after the report's own headers (a DSN's
// text/rfc822-headers or message/rfc822 part, the copy qmail and Yahoo quote below their text,
// the headers Exchange lists). Read from the raw report when there is one (mailparser rewrites an
// inline message/rfc822 part into the text without its Message-ID), else from the parsed parts.
import { mailbox, MAX_REPORT_CHARS } from "@/lib/bounces/report";
import { partsOf, textOf } from "@/lib/bounces/report-parts";
import type { InboundEmail } from "@/lib/inbound/inbound-email";

const ORIGINAL_TYPES = ["message/rfc822", "text/rfc822-headers", "message/rfc822-headers", "message/global", "message/global-headers"];
const MESSAGE_ID_LINE = /^message-id:/i;

/** The raw message's body (after its own header section), bounded, as text. */
function bodyOf(raw: Buffer): string {
  const end = raw.indexOf("\r\n\r\n") >= 0 ? raw.indexOf("\r\n\r\n") : raw.indexOf("\n\n");
  return end < 0 ? "" : raw.subarray(end, end + MAX_REPORT_CHARS).toString("utf8");
}

/** The header lines around the first Message-ID line of `text`, unfolded; null when it has none. */
function blockAround(text: string): string[] | null {
  const lines = text.slice(0, MAX_REPORT_CHARS).split(/\r?\n/);
  const at = lines.findIndex((l) => MESSAGE_ID_LINE.test(l));
  if (at < 0) return null;
  let start = at;
  while (start > 0 && lines[start - 1].trim() !== "") start--;
  let end = at + 1;
  while (end < lines.length && lines[end].trim() !== "") end++;
  const unfolded: string[] = [];
  for (const line of lines.slice(start, end)) {
    if (/^[ \t]/.test(line) && unfolded.length) unfolded[unfolded.length - 1] += ` ${line.trim()}`;
    else unfolded.push(line);
  }
  return unfolded;
}

function includedHeaders(email: InboundEmail, raw?: Buffer): string[] {
  const sources = raw ? [bodyOf(raw)] : [...partsOf(email, ORIGINAL_TYPES), textOf(email)];
  for (const source of sources) {
    const block = blockAround(source);
    if (block) return block;
  }
  return [];
}

const valueOf = (block: string[], name: string) =>
  block
    .find((l) => l.toLowerCase().startsWith(`${name}:`))
    ?.slice(name.length + 1)
    .trim() ?? null;

/**
 * The original's Return-Path (the envelope sender its final delivery recorded: for our mail,
 * the recipient's own signed return path), lower-case, and the addresses of its To header.
 */
export function originalMessage(email: InboundEmail, raw?: Buffer): { returnPath: string | null; to: string[] } {
  const block = includedHeaders(email, raw);
  const returnPath = mailbox(valueOf(block, "return-path") ?? "");
  const to =
    valueOf(block, "to")
      ?.slice(0, 10_000)
      .match(/[^\s<>,;:"()]{1,64}@[^\s<>,;:"()]{1,253}/g) ?? [];
  return { returnPath, to: to.slice(0, 100) };
}
