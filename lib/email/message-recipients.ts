// A message's recipients (to, cc, bcc), lower-cased, as SQL: one expression for every statement
// that asks whether a message was sent to an address. Erasure (lib/privacy) replaces an erased
// address there, so what a person's old mail brings back (a tracked open or click, an
// unsubscribe, a provider's late report) can be told apart from a live recipient's.
import { Prisma } from "@/lib/generated/prisma/client";

/** `SELECT`ing the recipients of the messages row aliased `alias` (unqualified when none), lower-cased. */
export const RECIPIENTS_OF = (alias?: string) => {
  const column = (name: string) => Prisma.raw(alias ? `${alias}."${name}"` : `"${name}"`);
  return Prisma.sql`SELECT lower(r) FROM unnest(${column("to")} || ${column("cc")} || ${column("bcc")}) r`;
};

/** Whether the message (the row aliased as the statement's `messages`, or unqualified) still names `recipient` (any case). */
export const NAMES_RECIPIENT = (recipient: string) => Prisma.sql`lower(${recipient}::text) IN (${RECIPIENTS_OF()})`;
