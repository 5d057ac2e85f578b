// The parts of a received report a parser reads, from the parsed message (lib/inbound/parse-mime.ts,
// or a provider's inbound post): mailparser leaves message/feedback-report and the included
// original (message/rfc822, text/rfc822-headers) as attachments but reads message/delivery-status
// into the text, so the status fields are looked for in both.
import type { InboundEmail } from "@/lib/inbound/inbound-email";
import { MAX_REPORT_CHARS } from "@/lib/bounces/report";

/** Each attachment of one of `types`, as text (bounded). */
export function partsOf(email: InboundEmail, types: readonly string[]): string[] {
  return email.attachments
    .filter((a) => types.includes(a.contentType.toLowerCase()))
    .slice(0, 10)
    .map((a) => a.content.subarray(0, MAX_REPORT_CHARS).toString("utf8"));
}

/** The message's text, bounded. */
export const textOf = (email: InboundEmail): string => (email.text ?? "").slice(0, MAX_REPORT_CHARS);

/** The report-type of a multipart/report message ("delivery-status", "feedback-report"), lower-case, else null. */
export function reportType(email: InboundEmail): string | null {
  const contentType = email.headers.find((h) => h.name === "content-type")?.value ?? "";
  if (!/^\s*multipart\/report\b/i.test(contentType)) return null;
  return /report-type\s*=\s*"?([a-z0-9-]+)/i.exec(contentType)?.[1]?.toLowerCase() ?? null;
}
