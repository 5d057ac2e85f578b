// Everything one step's run needs, read in one statement: the enrolment, its sequence, the step
// at its position, the contact, the sender, and whether the contact must leave (a reply, an
// unsubscribe, the suppression list).
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { CONTACT_REPLIED } from "@/lib/sequences/replies";
import type { ExitReason } from "@/lib/sequences/schemas";

export interface StepState {
  enrolmentId: string;
  orgId: string;
  sequenceId: string;
  status: string;
  nextStep: number;
  sequenceStatus: string;
  useCaseId: string | null;
  stepId: string | null;
  templateId: string | null;
  email: string;
  contactName: string;
  properties: Record<string, unknown>;
  senderEmail: string | null;
  senderName: string | null;
  exit: ExitReason | null;
}

interface Row {
  enrolment_id: string;
  org_id: string;
  sequence_id: string;
  status: string;
  next_step: number;
  sequence_status: string;
  use_case_id: string | null;
  step_id: string | null;
  template_id: string | null;
  email: string;
  contact_name: string;
  properties: unknown;
  subscription_status: string;
  suppression_reason: string | null;
  replied: boolean;
  sender_email: string | null;
  sender_name: string | null;
}

const stepState = (enrolmentId: string) => Prisma.sql`
  SELECT e.id::text AS enrolment_id, e.org_id::text, e.sequence_id::text, e.status, e.next_step,
         s.status AS sequence_status, s.use_case_id::text, st.id::text AS step_id, st.template_id::text,
         c.email, c.name AS contact_name, c.properties, c.subscription_status, sup.reason AS suppression_reason,
         ${CONTACT_REPLIED} AS replied,
         snd.email AS sender_email, snd.name AS sender_name
    FROM sequence_enrolments e
    JOIN sequences s ON s.id = e.sequence_id
    JOIN contacts c ON c.id = e.contact_id
    LEFT JOIN sequence_steps st ON st.sequence_id = s.id AND st.position = e.next_step
    LEFT JOIN suppressions sup ON sup.org_id = e.org_id AND sup.email = c.email
    LEFT JOIN senders snd ON snd.id = s.sender_id AND snd.org_id = s.org_id
   WHERE e.id = ${enrolmentId}::uuid`;

/** Why the contact leaves now, if they do: a reply first, then an unsubscribe, then any other suppression. */
function exitOf(r: Row): ExitReason | null {
  if (r.replied) return "replied";
  if (r.subscription_status === "unsubscribed" || r.suppression_reason === "unsubscribe") return "unsubscribed";
  if (r.suppression_reason) return "suppressed";
  return null;
}

export async function loadStepState(enrolmentId: string): Promise<StepState | null> {
  const [r] = await rawQuery<Row>(stepState(enrolmentId));
  if (!r) return null;
  const properties = typeof r.properties === "string" ? JSON.parse(r.properties) : r.properties;
  return {
    enrolmentId: r.enrolment_id,
    orgId: r.org_id,
    sequenceId: r.sequence_id,
    status: r.status,
    nextStep: Number(r.next_step),
    sequenceStatus: r.sequence_status,
    useCaseId: r.use_case_id,
    stepId: r.step_id,
    templateId: r.template_id,
    email: r.email,
    contactName: r.contact_name,
    properties: properties && typeof properties === "object" && !Array.isArray(properties) ? properties : {},
    senderEmail: r.sender_email,
    senderName: r.sender_name,
    exit: exitOf(r),
  };
}
