// Hard bounces, complaints and unsubscribes put the address on the organization's
// suppression list (a second report changes nothing).
import { rawQuery } from "@/lib/db/raw-query";
import type { NewEvent } from "@/lib/events/publish-events";

const REASON: Partial<Record<NewEvent["type"], string>> = {
  "email.bounced": "bounce",
  "email.complained": "complaint",
  "email.unsubscribed": "unsubscribe",
};

export async function suppressFromEvents(events: (NewEvent & { bounceKind?: "hard" | "soft" })[]): Promise<void> {
  const rows = events.filter((e) => REASON[e.type] && !(e.type === "email.bounced" && e.bounceKind === "soft"));
  if (rows.length === 0) return;
  await rawQuery(
    `INSERT INTO suppressions (id, org_id, email, reason, message_id)
     SELECT gen_random_uuid(), org_id, email, reason, message_id FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) AS t(org_id, email, reason, message_id)
     ON CONFLICT (org_id, email) DO NOTHING`,
    [rows.map((e) => e.orgId), rows.map((e) => e.recipient.toLowerCase()), rows.map((e) => REASON[e.type]!), rows.map((e) => e.messageId)],
  );
}
