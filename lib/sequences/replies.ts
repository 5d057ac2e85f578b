// A contact's reply ends their sequences. A reply is inbound mail to the organization from the
// contact's address, received after they enrolled, written by a person: automatic answers (an
// out-of-office, marked Auto-Submitted other than "no", RFC 3834) do not count.
import { rawQuery } from "@/lib/db/raw-query";

/** SQL condition on inbound_messages `m`: the message is not an automatic one. */
export const WRITTEN_BY_A_PERSON = `NOT EXISTS (
  SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(m.headers) = 'array' THEN m.headers ELSE '[]'::jsonb END) h
  WHERE lower(h->>'name') = 'auto-submitted' AND lower(btrim(h->>'value')) <> 'no')`;

/**
 * Called for each received message (lib/inbound/process-inbound-job.ts): its sender's active
 * enrolments in the organization's sequences exit at once, reason "replied". Safe to repeat.
 * The step job checks for replies too, so a message handled late still stops the next step.
 */
export async function exitOnReply(inboundMessageId: string): Promise<number> {
  const rows = await rawQuery<{ id: string }>(
    `UPDATE sequence_enrolments e
        SET status = 'exited', exit_reason = 'replied', finished_at = now(), next_run_at = NULL
       FROM inbound_messages m
       JOIN contacts c ON c.org_id = m.org_id AND c.email = lower(m.from_address)
      WHERE m.id = $1::uuid AND ${WRITTEN_BY_A_PERSON}
        AND e.org_id = m.org_id AND e.contact_id = c.id AND e.status = 'active' AND e.enrolled_at < m.received_at
      RETURNING e.id::text`,
    [inboundMessageId],
  );
  return rows.length;
}
