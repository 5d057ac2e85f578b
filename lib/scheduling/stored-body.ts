// A scheduled send keeps its body as the caller could have written it, so the send schema
// parses it again when it goes (addresses back to "Name <a@b.co>" strings).
import type { Address } from "@/lib/providers/adapter";
import type { SendEmailInput } from "@/lib/email/schemas";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The mailbox as written; a name's quotes and angle brackets (which the parser does not take) are dropped. */
const written = (a: Address) => (a.name ? `${a.name.replace(/["<>]/g, "")} <${a.email}>` : a.email);

const LISTS = ["to", "cc", "bcc"] as const;
const MAILBOXES = ["from", "replyTo"] as const;

/** Send fields, whole or some (a change), with their parsed addresses written back as strings; other values as they are. */
export function writtenFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out = { ...fields };
  for (const k of LISTS) if (Array.isArray(out[k])) out[k] = (out[k] as Address[]).map(written);
  for (const k of MAILBOXES) if (out[k] && typeof out[k] === "object") out[k] = written(out[k] as Address);
  return out;
}

export function storedBody(input: SendEmailInput): Prisma.InputJsonObject {
  return JSON.parse(JSON.stringify(writtenFields({ ...input }))) as Prisma.InputJsonObject;
}
