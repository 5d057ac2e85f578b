// Whether a message (the row aliased as the statement's `messages`, or unqualified) still names
// an address among its recipients (to, cc, bcc; any case). Erasure (lib/privacy) replaces an
// erased address there, so what a person's old mail brings back (a tracked open or click, an
// unsubscribe, a provider's late report) can be told apart from a live recipient's.
import { Prisma } from "@/lib/generated/prisma/client";

export const NAMES_RECIPIENT = (recipient: string) =>
  Prisma.sql`lower(${recipient}::text) IN (SELECT lower(r) FROM unnest("to" || cc || bcc) r)`;
