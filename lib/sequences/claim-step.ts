// The claim on one step of one enrolment: its sequence_step_sends row (unique per enrolment and
// step), inserted "sending" by the statement that also checks the step may still go out: the
// enrolment active at this step, its sequence active, the contact subscribed, not suppressed,
// and no reply since enrolling. Whatever lands after the run read its state (a reply, an
// unsubscribe, a removal, a pause) is seen here, in the same statement as the claim.
import { Prisma } from "@/lib/generated/prisma/client";
import { rawQuery } from "@/lib/db/raw-query";
import { CONTACT_REPLIED } from "@/lib/sequences/replies";
import type { StepState } from "@/lib/sequences/step-state";

export type ClaimedRow = { id: string; createdAt: Date };

const claim = (enrolmentId: string, stepId: string) => Prisma.sql`
  INSERT INTO sequence_step_sends (id, enrolment_id, step_id, status)
  SELECT gen_random_uuid(), e.id, st.id, 'sending'
    FROM sequence_enrolments e
    JOIN sequences s ON s.id = e.sequence_id AND s.status = 'active'
    JOIN sequence_steps st ON st.sequence_id = s.id AND st.position = e.next_step
    JOIN contacts c ON c.id = e.contact_id AND c.subscription_status = 'subscribed'
   WHERE e.id = ${enrolmentId}::uuid AND st.id = ${stepId}::uuid AND e.status = 'active'
     AND NOT EXISTS (SELECT 1 FROM suppressions sup WHERE sup.org_id = e.org_id AND sup.email = c.email)
     AND NOT ${CONTACT_REPLIED}
  ON CONFLICT (enrolment_id, step_id) DO NOTHING
  RETURNING id::text, created_at`;

/** The step's row, inserted "sending" when the step may still go out; null when it exists already or the checks refuse. */
export async function claimStep(s: Pick<StepState, "enrolmentId"> & { stepId: string }): Promise<ClaimedRow | null> {
  const [r] = await rawQuery<{ id: string; created_at: Date }>(claim(s.enrolmentId, s.stepId));
  return r ? { id: r.id, createdAt: new Date(r.created_at) } : null;
}
