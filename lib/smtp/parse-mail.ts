// mailparser with bounds. It runs on the thread that answers every request, and some inputs cost
// it far more than their size: a header folded over thousands of lines or an address list of
// tens of thousands (worse than quadratic), a large html converted to text. So every MIME part's
// header section is limited (a larger one refuses the message, as Postfix's header_size_limit
// does), html is never converted to text by mailparser, and html2text runs here only on html
// small enough (lib/inbound wants a text for html-only mail).
import { simpleParser, type ParsedMail } from "mailparser";
import { convert } from "html-to-text";

/** The most one MIME part's header section may hold; past it the message is not parsed. */
export const MAX_HEADER_SECTION_BYTES = 64 * 1024;
/** The longest html turned into text for a message that has no text part. */
export const MAX_HTML_TO_TEXT_CHARS = 512 * 1024;

export class HeaderTooLargeError extends Error {
  readonly code = "HEADER_TOO_LARGE";
}

/**
 * The largest header section in `raw`, in one linear pass: the message's own (from the start to
 * the first empty line) and each one after a line that may be a MIME boundary ("--…"). A body
 * line starting with "--" is taken for a boundary too, which can only overcount a section that
 * ends at the next empty line.
 */
export function largestHeaderSection(raw: Buffer): number {
  let largest = 0;
  let size = 0;
  let inHeader = true;
  let start = 0;
  while (start < raw.length) {
    let end = raw.indexOf(0x0a, start);
    if (end === -1) end = raw.length;
    const line = end - start + 1;
    const empty = line <= 2 && (raw[start] === 0x0a || raw[start] === 0x0d);
    if (inHeader) {
      if (empty) inHeader = false;
      else largest = Math.max(largest, (size += line));
    } else if (raw[start] === 0x2d && raw[start + 1] === 0x2d) {
      inHeader = true;
      size = 0;
    }
    start = end + 1;
  }
  return largest;
}

/** Parses `raw`; throws HeaderTooLargeError when a header section is too large, anything else mailparser throws as it is. */
export async function parseMail(raw: Buffer): Promise<ParsedMail> {
  if (largestHeaderSection(raw) > MAX_HEADER_SECTION_BYTES)
    throw new HeaderTooLargeError(`a header section is larger than ${MAX_HEADER_SECTION_BYTES / 1024} KiB`);
  return simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true, keepCidLinks: true });
}

/** The message's text: its own, or its html's when it has none and the html is small enough. */
export function textOf(parsed: ParsedMail): string | null {
  if (parsed.text) return parsed.text;
  const html = typeof parsed.html === "string" ? parsed.html : "";
  if (!html || html.length > MAX_HTML_TO_TEXT_CHARS) return null;
  return convert(html, { wordwrap: false });
}
