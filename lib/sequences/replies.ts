// A contact's reply ends their sequences. A reply is inbound mail to the organization from the
// contact's address (any case), received after they enrolled, written by a person: automatic
// answers do not count (RFC 3834's Auto-Submitted other than "no"; and, as vacation programs
// and bulk senders mark themselves without it, Precedence bulk, junk, list or auto_reply, and
// X-Autoreply / X-Autorespond).
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";

/** SQL condition on inbound_messages `m`: the message is not an automatic one. */
const WRITTEN_BY_A_PERSON = Prisma.sql`NOT EXISTS (
  SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(m.headers) = 'array' THEN m.headers ELSE '[]'::jsonb END) h
  WHERE (lower(h->>'name') = 'auto-submitted' AND lower(btrim(h->>'value')) <> 'no')
     OR (lower(h->>'name') = 'precedence' AND lower(btrim(h->>'value')) IN ('bulk', 'junk', 'list', 'auto_reply'))
     OR lower(h->>'name') IN ('x-autoreply', 'x-autorespond'))`;

/** SQL condition on enrolment `e` and its contact `c` (email stored lower-cased): the contact replied since enrolling. */
export const CONTACT_REPLIED = Prisma.sql`EXISTS (SELECT 1 FROM inbound_messages m
  WHERE m.org_id = e.org_id AND lower(m.from_address) = c.email AND m.received_at > e.enrolled_at AND ${WRITTEN_BY_A_PERSON})`;

/**
 * Called for each received message (lib/inbound/process-inbound-job.ts): its sender's active
 * enrolments in the organization's sequences exit at once, reason "replied". Safe to repeat.
 * The step's claim checks for replies too (send-step.ts), so a message handled late still
 * stops the next step. The enrolments are reached through the organization's sequences and
 * the unique (sequence, contact) index: there is no index on the contact alone.
 */
export async function exitOnReply(inboundMessageId: string): Promise<number> {
  const rows = await rawQuery<{ id: string }>(
    Prisma.sql`UPDATE sequence_enrolments e
        SET status = 'exited', exit_reason = 'replied', finished_at = now(), next_run_at = NULL
       FROM inbound_messages m
       JOIN contacts c ON c.org_id = m.org_id AND c.email = lower(m.from_address)
       JOIN sequences s ON s.org_id = m.org_id
      WHERE m.id = ${inboundMessageId}::uuid AND ${WRITTEN_BY_A_PERSON}
        AND e.sequence_id = s.id AND e.contact_id = c.id AND e.org_id = m.org_id
        AND e.status = 'active' AND e.enrolled_at < m.received_at
      RETURNING e.id::text`,
  );
  return rows.length;
}
