// Contacts joining a list enrol in the active sequences that list triggers: subscribed contacts
// only, once per contact and sequence ever (a contact who left or finished a sequence is not
// enrolled again by rejoining), their first step scheduled. Set-based, in chunks, so a large
// import costs a few statements per 5,000 contacts. Paused sequences enrol nobody.
import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { insertEnrolments } from "@/lib/sequences/insert-enrolments";
import { assertMayStartBulk } from "@/lib/safety/assert-bulk-start";
import type { Principal } from "@/lib/auth/principal";

const CHUNK = 5_000;

/**
 * Adding contacts to a list that starts an active sequence, or that a scheduled campaign will
 * send to, starts mail to them: the caller needs what any bulk start needs (email:send, and
 * above require2faThreshold in production a key allowed bulk or a fresh second factor), checked
 * before anything is added. Why: otherwise a lists:write key could mail any number of contacts
 * through a sequence's trigger list or someone else's scheduled campaign.
 * `audience`: how many may join, or "unbounded" for a streamed import.
 */
export async function assertMayJoinList({
  principal,
  listId,
  audience,
}: {
  principal: Principal;
  listId: string;
  audience: number | "unbounded";
}): Promise<void> {
  const [triggered, scheduled] = await Promise.all([
    db().sequence.count({ where: { orgId: principal.orgId, triggerListId: listId, status: "active" } }),
    db().campaign.count({ where: { orgId: principal.orgId, listId, status: "scheduled" } }),
  ]);
  if (triggered === 0 && scheduled === 0) return;
  const reason = triggered > 0 ? "the list starts a sequence" : "a scheduled campaign sends to the list";
  await assertMayStartBulk({
    principal,
    audience,
    action: "list.members_added",
    target: { targetType: "contact_list", targetId: listId, metadata: { reason } },
  });
}

/** Called after contacts were added to a list (committed): enrols them in the sequences the list triggers. */
export async function enrolOnListJoin({
  orgId,
  listId,
  contactIds,
}: {
  orgId: string;
  listId: string;
  contactIds: string[];
}): Promise<void> {
  if (contactIds.length === 0) return;
  const triggered = await db().sequence.count({ where: { orgId, triggerListId: listId, status: "active" } });
  if (triggered === 0) return;
  const ids = [...new Set(contactIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const announce = await db().$transaction(async (tx) => {
      const { enrolled, announce } = await insertEnrolments(tx, {
        orgId,
        contactIds: ids.slice(i, i + CHUNK),
        source: "list",
        sequences: { triggeredBy: listId },
      });
      const perSequence = new Map<string, number>();
      for (const e of enrolled) perSequence.set(e.sequenceId, (perSequence.get(e.sequenceId) ?? 0) + 1);
      for (const [sequenceId, count] of perSequence) {
        await recordAudit(
          {
            orgId,
            actorType: "system",
            actorId: `list:${listId}`,
            action: "sequence.enrolled",
            targetType: "sequence",
            targetId: sequenceId,
            metadata: { count, source: "list", listId },
          },
          tx,
        );
      }
      return announce;
    });
    await announce();
  }
}
