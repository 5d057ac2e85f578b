// A list's members: page through them, add up to 1,000 at once (by contact id, or by address,
// creating contacts for new addresses), take one off. Contacts that newly joined are handed to
// enrolOnListJoin once the change has committed, so sequences the list triggers start for them.
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertMayJoinList, enrolOnListJoin } from "@/lib/sequences/list-join";
import { invalidFields } from "@/lib/contacts/check-properties";
import { listContacts } from "@/lib/contacts/list-contacts";
import { getListRowOrThrow } from "@/lib/lists/manage-lists";
import type { AddMembersInput } from "@/lib/lists/schemas";
import type { PageQuery } from "@/lib/http/pagination";

type Tx = Prisma.TransactionClient;

export async function listMembers({
  orgId,
  id,
  query,
}: {
  orgId: string;
  id: string;
  query: PageQuery & { q?: string; subscriptionStatus?: "subscribed" | "unsubscribed" };
}) {
  await getListRowOrThrow({ orgId, id });
  return listContacts({ orgId, query: { ...query, q: query.q, listId: id, properties: [] } });
}

// Rows are written in a fixed order (addresses, ids sorted) so that two requests adding the same
// contacts (or an import writing them) lock them in the same order and cannot deadlock.
const sorted = (values: string[]) => [...new Set(values)].sort();

/** The ids of contacts for `emails`, creating the missing ones (subscribed, no name). */
async function contactsForEmails(tx: Tx, orgId: string, input: string[]): Promise<{ ids: string[]; created: number }> {
  const emails = sorted(input);
  const created = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO contacts (id, org_id, email, created_at, updated_at)
    SELECT gen_random_uuid(), ${orgId}::uuid, e, now(), now() FROM unnest(${emails}::text[]) e
    ON CONFLICT (org_id, email) DO NOTHING RETURNING id`;
  const rows = await tx.contact.findMany({ where: { orgId, email: { in: emails } }, select: { id: true } });
  return { ids: sorted(rows.map((r) => r.id)), created: created.length };
}

/** The given ids (in any case), all the organization's; otherwise a 400 naming each unknown one by its place in the request. */
async function ownContacts(tx: Tx, orgId: string, input: string[]): Promise<string[]> {
  const contactIds = input.map((id) => id.toLowerCase());
  const found = new Set(
    (await tx.contact.findMany({ where: { orgId, id: { in: sorted(contactIds) } }, select: { id: true } })).map((r) => r.id),
  );
  const unknown = contactIds.flatMap((id, i) => (found.has(id) ? [] : [{ path: `body.contactIds.${i}`, message: "no such contact" }]));
  if (unknown.length) throw invalidFields(unknown);
  return sorted([...found]);
}

export async function addMembers({ principal, id, input }: { principal: Principal; id: string; input: AddMembersInput }) {
  const orgId = principal.orgId;
  const list = await getListRowOrThrow({ orgId, id });
  await assertMayJoinList({ principal, listId: list.id, audience: (input.emails ?? input.contactIds ?? []).length });
  const result = await db().$transaction(async (tx) => {
    // Holds the list against a concurrent delete until the members are in.
    const [held] = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM contact_lists WHERE id = ${list.id}::uuid AND org_id = ${orgId}::uuid FOR KEY SHARE`;
    if (!held) throw notFound("List");
    const { ids, created } = input.emails
      ? await contactsForEmails(tx, orgId, input.emails)
      : { ids: await ownContacts(tx, orgId, input.contactIds ?? []), created: 0 };
    const joined = await tx.$queryRaw<{ contact_id: string }[]>`
      INSERT INTO contact_list_members (list_id, contact_id, added_at)
      SELECT ${list.id}::uuid, c, now() FROM unnest(${ids}::uuid[]) c
      ON CONFLICT DO NOTHING RETURNING contact_id`;
    const added = joined.map((j) => j.contact_id);
    await recordAudit(
      {
        orgId,
        ...actorOf(principal),
        action: "list.members_added",
        targetType: "contact_list",
        targetId: list.id,
        metadata: { name: list.name, added: added.length, alreadyMembers: ids.length - added.length, createdContacts: created },
      },
      tx,
    );
    return { added, alreadyMembers: ids.length - added.length, createdContacts: created };
  });
  if (result.added.length) await enrolOnListJoin({ orgId, listId: list.id, contactIds: result.added });
  return { added: result.added.length, alreadyMembers: result.alreadyMembers, createdContacts: result.createdContacts };
}

export async function removeMember({ principal, id, contactId }: { principal: Principal; id: string; contactId: string }) {
  const list = await getListRowOrThrow({ orgId: principal.orgId, id });
  await db().$transaction(async (tx) => {
    const { count } = await tx.contactListMember.deleteMany({ where: { listId: list.id, contactId, contact: { orgId: principal.orgId } } });
    if (count === 0) throw notFound("List member");
    await recordAudit(
      {
        orgId: principal.orgId,
        ...actorOf(principal),
        action: "list.member_removed",
        targetType: "contact_list",
        targetId: list.id,
        metadata: { name: list.name, contactId },
      },
      tx,
    );
  });
  return { listId: list.id, contactId, removed: true as const };
}
