// Enrolments in bulk, set-based: one statement inserts the subscribed contacts into the chosen
// sequences (a contact goes through a sequence once, ever: the unique (sequence, contact) pair
// skips anyone enrolled before, whatever became of that enrolment), and one more inserts their
// first steps' jobs, due the first step's delay from now. Both in the caller's transaction.
import { Prisma } from "@/lib/generated/prisma/client";
import { scheduleSteps, type Announce } from "@/lib/sequences/step-schedule";

export interface NewEnrolment {
  id: string;
  sequenceId: string;
  contactId: string;
  nextRunAt: Date;
}

interface Target {
  orgId: string;
  contactIds: string[];
  source: "api" | "list" | "dashboard";
  /** Which of the organization's sequences: by id, or every active one the list triggers (its members only). */
  sequences: { ids: string[] } | { triggeredBy: string };
}

export async function insertEnrolments(tx: Prisma.TransactionClient, t: Target): Promise<{ enrolled: NewEnrolment[]; announce: Announce }> {
  if (t.contactIds.length === 0) return { enrolled: [], announce: async () => {} };
  const which =
    "ids" in t.sequences
      ? Prisma.sql`s.id = ANY(${t.sequences.ids}::uuid[])`
      : Prisma.sql`s.trigger_list_id = ${t.sequences.triggeredBy}::uuid AND s.status = 'active'
          AND EXISTS (SELECT 1 FROM contact_list_members m WHERE m.list_id = ${t.sequences.triggeredBy}::uuid AND m.contact_id = c.id)`;
  const rows = await tx.$queryRaw<{ id: string; sequence_id: string; contact_id: string; next_run_at: Date }[]>`
    INSERT INTO sequence_enrolments (id, sequence_id, org_id, contact_id, status, next_step, next_run_at, source)
    SELECT gen_random_uuid(), s.id, s.org_id, c.id, 'active', 0, now() + make_interval(secs => st.delay_seconds), ${t.source}
      FROM sequences s
      JOIN sequence_steps st ON st.sequence_id = s.id AND st.position = 0
      JOIN contacts c ON c.org_id = s.org_id AND c.id = ANY(${t.contactIds}::uuid[]) AND c.subscription_status = 'subscribed'
     WHERE s.org_id = ${t.orgId}::uuid AND ${which}
    ON CONFLICT (sequence_id, contact_id) DO NOTHING
    RETURNING id::text, sequence_id::text, contact_id::text, next_run_at`;
  const enrolled = rows.map((r) => ({ id: r.id, sequenceId: r.sequence_id, contactId: r.contact_id, nextRunAt: new Date(r.next_run_at) }));
  const announce = await scheduleSteps(
    tx,
    enrolled.map((e) => ({ enrolmentId: e.id, position: 0, runAt: e.nextRunAt })),
  );
  return { enrolled, announce };
}
