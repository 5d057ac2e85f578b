// RFC 5322 mailboxes as users write them: "a@b.co" or "Name <a@b.co>" (quotes optional).
import { z } from "zod";
import type { Address } from "@/lib/providers/adapter";

const MAILBOX = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/;
const emailSchema = z.email();

/** Parses one mailbox; null when it is not a valid address. CR/LF anywhere is refused. */
export function parseMailbox(value: string): Address | null {
  if (/[\r\n]/.test(value) || value.length > 320) return null;
  const m = MAILBOX.exec(value);
  if (!m) return null;
  const email = (m[2] ?? m[3]).trim();
  if (!emailSchema.safeParse(email).success) return null;
  const name = m[1]?.trim();
  return name ? { email, name } : { email };
}

/** A zod schema for one mailbox string, output as an Address. */
export const mailbox = z.string().transform((value, ctx) => {
  const address = parseMailbox(value);
  if (!address) {
    ctx.addIssue({ code: "custom", message: `not a valid email address: ${JSON.stringify(value.slice(0, 80))}` });
    return z.NEVER;
  }
  return address;
});

/** Text that reads as an email address, local@domain (a full-width or small @ counts too). */
const ADDRESS_LIKE = /[^\s@\uFF20\uFE6B]+[@\uFF20\uFE6B][^\s@\uFF20\uFE6B]+/;

/** Why a from display name would mislead the reader about who sent the message (it holds an
 * address, or angle brackets that make it look like one); null when it is fine. Every path
 * that sets a from name (sends, templated sends, senders, so campaigns and sequences, replies)
 * checks it here. */
export function displayNameProblem(name: string): string | null {
  if (/[<>]/.test(name)) return "the display name cannot contain < or >";
  // Mail clients decode an encoded word (=?utf-8?B?…?=) and would show what it hides.
  if (/=\?[^?]*\?[bqBQ]\?/.test(name)) return "the display name cannot contain an encoded word (=?…?=)";
  // Invisible and direction marks can reorder or hide what is shown (U+202E turns text around).
  if (/\p{Cf}/u.test(name)) return "the display name cannot contain invisible or direction control characters";
  // Look-alikes read as an address too: compatibility forms folded (ⓐ, ․, 。), spaces around the @ and dots closed up.
  const folded = name
    .replace(/\u24D0/g, "@")
    .normalize("NFKC")
    .replace(/[\u3002\uFF0E\uFF61]/g, ".")
    .replace(/\s*([@.])\s*/g, "$1");
  if (ADDRESS_LIKE.test(name) || /[^\s@]+@[^\s@]+\.[^\s@]+/.test(folded)) return "the display name cannot contain an email address";
  // Look-alikes NFKC leaves alone (ꓸ, ⸳, ·, ٠, ꞏ, Cyrillic letters in a Latin name …): after an
  // @, only ASCII and Latin letters (Zoë @ Zürich) may follow, never a Latin dot look-alike.
  const at = folded.indexOf("@");
  if (at >= 0 && /[^\x00-\x7F\s\p{Script=Latin}]|\uA78F/u.test(folded.slice(at + 1)))
    return "the display name cannot contain an email address";
  return null;
}

/** A display name given on its own (fromName, a sender's name): at most 200 characters, one line, no address in it. */
export const displayName = z
  .string()
  .max(200)
  .refine((n) => !/[\r\n]/.test(n), "no line breaks")
  .superRefine((n, ctx) => {
    const problem = displayNameProblem(n);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** The from mailbox of a send: a mailbox whose display name passes displayNameProblem. */
export const fromMailbox = mailbox.superRefine((a, ctx) => {
  const problem = a.name ? displayNameProblem(a.name) : null;
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** One mailbox or a list of them (at most `max`), output as Address[]. */
export const mailboxList = (max: number) => z.union([mailbox.transform((a) => [a]), z.array(mailbox).max(max, `at most ${max} addresses`)]);

/** RFC 5322 field names: printable ASCII but the colon. */
export const HEADER_NAME = /^[!-9;-~]+$/;
