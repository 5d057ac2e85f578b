// Mail the product sends later on someone's approval (an active sequence's next steps, a
// scheduled campaign) goes out as it is when it is sent: with the template's current version and
// the contact's current address. Changing either is therefore sending it, checked as starting it
// was (assert-bulk-start.ts): email:send, and above the bulk threshold, bulk approval. Otherwise a
// key that may only write templates or contacts could rewrite mail others approved, or send it
// to addresses nobody approved. Mail nobody is waiting for is a draft: free to change.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { assertMayStartBulk } from "@/lib/safety/assert-bulk-start";
import { authorize } from "@/lib/auth/authorize";
import type { Principal } from "@/lib/auth/principal";

/** Whether the caller may send (email:send), without refusing. */
export function maySend(principal: Principal): boolean {
  try {
    authorize(principal, { scope: "email:send" });
    return true;
  } catch {
    return false;
  }
}

/** Who is waiting for mail: how many recipients, and whether more join by themselves (an active sequence's trigger list). */
export interface Waiting {
  audience: number;
  live: boolean;
}

/** Who waits for mail rendered from this template's current version. */
export async function waitingOnTemplate(orgId: string, templateId: string): Promise<Waiting> {
  const [row] = await rawQuery<{ enrolled: number; scheduled: number; live: boolean }>(
    Prisma.sql`WITH seqs AS (
       SELECT DISTINCT q.id, q.status, q.trigger_list_id FROM sequences q JOIN sequence_steps s ON s.sequence_id = q.id
        WHERE q.org_id = ${orgId}::uuid AND s.template_id = ${templateId}::uuid)
     SELECT
       (SELECT count(*)::int FROM sequence_enrolments e WHERE e.sequence_id IN (SELECT id FROM seqs) AND e.status = 'active') AS enrolled,
       (SELECT count(*)::int FROM campaigns c JOIN contact_list_members m ON m.list_id = c.list_id JOIN contacts ct ON ct.id = m.contact_id
         WHERE c.org_id = ${orgId}::uuid AND c.status = 'scheduled' AND c.template_id = ${templateId}::uuid AND c.template_version IS NULL
           AND ct.subscription_status = 'subscribed') AS scheduled,
       EXISTS (SELECT 1 FROM seqs WHERE status = 'active' AND trigger_list_id IS NOT NULL) AS live`,
  );
  return { audience: Number(row.enrolled) + Number(row.scheduled), live: row.live };
}

/** Whether mail waits for this contact's address (an active enrolment, or a list of a scheduled campaign). */
export async function waitingOnContact(orgId: string, contactId: string): Promise<Waiting> {
  const [row] = await rawQuery<{ waiting: boolean }>(
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM sequence_enrolments WHERE contact_id = ${contactId}::uuid AND org_id = ${orgId}::uuid AND status = 'active')
         OR EXISTS (SELECT 1 FROM contact_list_members m JOIN campaigns c ON c.list_id = m.list_id
                     WHERE m.contact_id = ${contactId}::uuid AND c.org_id = ${orgId}::uuid AND c.status = 'scheduled')
         OR EXISTS (SELECT 1 FROM campaign_sends WHERE contact_id = ${contactId}::uuid AND org_id = ${orgId}::uuid AND status = 'pending') AS waiting`,
  );
  return { audience: row.waiting ? 1 : 0, live: false };
}

/** Whether mail waits for this address: a scheduled send naming it, or its contact's (if any). */
export async function waitingOnAddress(orgId: string, email: string): Promise<Waiting> {
  const address = email.toLowerCase();
  const [row] = await rawQuery<{ id: string | null; scheduled: boolean }>(
    Prisma.sql`SELECT (SELECT id::text FROM contacts WHERE org_id = ${orgId}::uuid AND email = ${address}::text) AS id,
            EXISTS (SELECT 1 FROM scheduled_emails WHERE org_id = ${orgId}::uuid AND status = 'scheduled'
                     AND position(${address}::text in lower(email_data::text)) > 0) AS scheduled`,
  );
  if (row.scheduled) return { audience: 1, live: false };
  return row.id ? waitingOnContact(orgId, row.id) : { audience: 0, live: false };
}

/** Who waits for mail from this sender (its name is the from's display name, read as each
 * message goes): scheduled campaigns' lists, started campaigns' pending recipients, and
 * sequences' active enrolments (and trigger lists, while active). */
export async function waitingOnSender(orgId: string, senderId: string): Promise<Waiting> {
  const [row] = await rawQuery<{ enrolled: number; scheduled: number; live: boolean }>(
    Prisma.sql`SELECT
       (SELECT count(*)::int FROM sequence_enrolments e JOIN sequences q ON q.id = e.sequence_id
         WHERE q.org_id = ${orgId}::uuid AND q.sender_id = ${senderId}::uuid AND e.status = 'active') AS enrolled,
       (SELECT count(*)::int FROM campaigns c JOIN contact_list_members m ON m.list_id = c.list_id JOIN contacts ct ON ct.id = m.contact_id
         WHERE c.org_id = ${orgId}::uuid AND c.sender_id = ${senderId}::uuid AND c.status = 'scheduled' AND ct.subscription_status = 'subscribed')
       + (SELECT count(*)::int FROM campaign_sends s JOIN campaigns c ON c.id = s.campaign_id
         WHERE c.org_id = ${orgId}::uuid AND c.sender_id = ${senderId}::uuid AND c.status IN ('sending', 'paused') AND s.status = 'pending') AS scheduled,
       EXISTS (SELECT 1 FROM sequences WHERE org_id = ${orgId}::uuid AND sender_id = ${senderId}::uuid AND status = 'active' AND trigger_list_id IS NOT NULL) AS live`,
  );
  return { audience: Number(row.enrolled) + Number(row.scheduled), live: row.live };
}

/** Refuses a change to mail someone is waiting for unless the caller may send it to them all. */
export async function assertMayChangeWaitingMail(
  principal: Principal,
  waiting: Waiting,
  action: string,
  target: { targetType: string; targetId: string; metadata?: Record<string, string> },
): Promise<void> {
  if (waiting.audience === 0 && !waiting.live) return;
  await assertMayStartBulk({ principal, audience: waiting.audience, action, target });
}
