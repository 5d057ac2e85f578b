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

/** One mailbox or a list of them (at most `max`), output as Address[]. */
export const mailboxList = (max: number) =>
  z.union([mailbox.transform((a) => [a]), z.array(mailbox).max(max, `at most ${max} addresses`)]);

/** RFC 5322 field names: printable ASCII but the colon. */
export const HEADER_NAME = /^[!-9;-~]+$/;
