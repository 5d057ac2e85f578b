// What a bounce or feedback report says, whatever its form (RFC 3464 DSN, RFC 5965 ARF, a large
// mailbox provider's or an MTA's plain text), and the bounds every parser keeps: a report is
// written by a stranger, so only so much of it is read and only so many recipients are taken.

/** The most of a report's text (and of each of its parts) a parser reads. */
export const MAX_REPORT_CHARS = 256 * 1024;
/** The most recipients one report may name; the rest are ignored. */
export const MAX_REPORT_RECIPIENTS = 100;
/** The longest reason recorded. */
export const MAX_REASON_CHARS = 500;

export interface Finding {
  /** The addresses it may be known by, the likeliest first (Original-Recipient, then Final-Recipient), lower-case. */
  recipients: string[];
  type: "email.bounced" | "email.deferred" | "email.complained";
  bounceKind?: "hard" | "soft";
  reason: string;
}

export interface Report {
  /** "dsn", "arf" or "text" (a plain-text bounce); null when nothing in it was recognised. */
  form: "dsn" | "arf" | "text" | null;
  findings: Finding[];
  /** The Return-Path of the original message the report includes, when it does (lower-case, no angle brackets). */
  originalReturnPath: string | null;
}

const ADDRESS = /^[^\s@<>()",;:]{1,64}@[a-z0-9.-]{1,253}$/;

/** A lower-case mailbox from "rfc822; <Ann@Example.org>", "<ann@example.org>" or "ann@example.org"; null when it is none. */
export function mailbox(value: string): string | null {
  const bare = value
    .replace(/^[a-z0-9-]+;/i, "")
    .trim()
    .replace(/^<(.*)>$/, "$1")
    .trim()
    .toLowerCase();
  return ADDRESS.test(bare) ? bare : null;
}

/**
 * Text fit to record: no control, formatting, private-use, unassigned or otherwise invisible
 * characters (direction overrides, zero-width spaces, Hangul fillers, blank signs), at most two combining
 * marks on a character, whitespace collapsed, bounded.
 */
export function cleanReason(text: string): string {
  return text
    .replace(
      /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}\u2028\u2029\u2800\u115F\u1160\u3164\uFFA0\u{1D159}\u{13441}\u{13442}\u{16FE4}]+/gu,
      " ",
    )
    .replace(/(\p{M}{2})\p{M}+/gu, "$1")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_REASON_CHARS)
    .toWellFormed(); // a cut through a surrogate pair leaves no half of it
}

/** The class of an enhanced status code (RFC 3463, "5.1.1") or, failing that, of an SMTP reply code ("550") in `text`. */
export function statusOf(text: string): { code: string; permanent: boolean } | null {
  const enhanced = /(?:^|[^\d.])([245])\.(\d{1,3})\.(\d{1,3})(?![\d.]*\d)/.exec(text);
  if (enhanced) return { code: `${enhanced[1]}.${enhanced[2]}.${enhanced[3]}`, permanent: enhanced[1] === "5" };
  const basic = /(?:^|\D)([45])(\d\d)(?:[\s:-]|$)/.exec(text);
  if (basic) return { code: `${basic[1]}${basic[2]}`, permanent: basic[1] === "5" };
  return null;
}
