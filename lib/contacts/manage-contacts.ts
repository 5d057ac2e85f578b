// Create, read, update and delete an organization's contacts. Another organization's contact
// is "not found"; an email the organization already has is 409 CONFLICT (emails are stored
// lower-cased, so the check is case-insensitive). unsubscribedAt follows the status: set when
// it becomes unsubscribed, cleared when it is subscribed again. Every change is audited.
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { propertyTypes } from "@/lib/contacts/manage-properties";
import { checkProperties, mergeProperties } from "@/lib/contacts/check-properties";
import { isSuppressed, viewOfContact } from "@/lib/contacts/contact-view";
import type { PropertyValue } from "@/lib/contacts/property-values";
import type { CreateContactInput, UpdateContactInput } from "@/lib/contacts/schemas";
import type { Contact, Prisma } from "@/lib/generated/prisma/client";
import { assertMayChangeWaitingMail, waitingOnContact } from "@/lib/safety/queued-mail";
import { eraseAddress } from "@/lib/privacy/erase-address";

const emailTaken = (email: string) => new AppError("CONFLICT", `A contact with the email ${email} already exists`);

const audit = (principal: Principal, action: string, c: Contact, tx: Prisma.TransactionClient, metadata: Prisma.InputJsonObject = {}) =>
  recordAudit(
    {
      orgId: principal.orgId,
      ...actorOf(principal),
      action,
      targetType: "contact",
      targetId: c.id,
      metadata: { email: c.email, ...metadata },
    },
    tx,
  );

async function getContactRowOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const row = await db().contact.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("Contact");
  return row;
}

async function detail(c: Contact) {
  const [suppressed, memberships] = await Promise.all([
    isSuppressed(c.orgId, c.email),
    db().contactListMember.findMany({
      where: { contactId: c.id },
      select: { list: { select: { id: true, name: true } } },
      orderBy: { list: { name: "asc" } },
    }),
  ]);
  return { ...viewOfContact(c, suppressed), lists: memberships.map((m) => m.list) };
}

export async function getContactOrThrow({ orgId, id }: { orgId: string; id: string }) {
  return detail(await getContactRowOrThrow({ orgId, id }));
}

export async function createContact({ principal, input }: { principal: Principal; input: CreateContactInput }) {
  const checked = checkProperties(input.properties, await propertyTypes(principal.orgId));
  const properties = mergeProperties({}, checked);
  try {
    const c = await db().$transaction(async (tx) => {
      const created = await tx.contact.create({
        data: {
          orgId: principal.orgId,
          email: input.email,
          name: input.name,
          properties,
          subscriptionStatus: input.subscriptionStatus,
          unsubscribedAt: input.subscriptionStatus === "unsubscribed" ? new Date() : null,
        },
      });
      await audit(principal, "contact.created", created, tx);
      return created;
    });
    return detail(c);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken(input.email);
    throw err;
  }
}

export async function updateContact({ principal, id, input }: { principal: Principal; id: string; input: UpdateContactInput }) {
  const existing = await getContactRowOrThrow({ orgId: principal.orgId, id });
  const changes = input.properties ? checkProperties(input.properties, await propertyTypes(principal.orgId)) : null;
  const statusChanged = input.subscriptionStatus !== undefined && input.subscriptionStatus !== existing.subscriptionStatus;
  // Mail waiting for this contact goes to its address, if subscribed, as it is then: a new
  // address, or subscribing again someone who unsubscribed, is sending (lib/safety/queued-mail.ts).
  const resubscribed = statusChanged && input.subscriptionStatus === "subscribed";
  if ((input.email !== undefined && input.email !== existing.email) || resubscribed) {
    await assertMayChangeWaitingMail(principal, await waitingOnContact(principal.orgId, existing.id), "contact.updated", {
      targetType: "contact",
      targetId: existing.id,
    });
  }
  try {
    const c = await db().$transaction(async (tx) => {
      // Re-read under a row lock so a concurrent property change is merged, not lost.
      const [locked] = await tx.$queryRaw<{ properties: Record<string, PropertyValue> }[]>`
        SELECT properties FROM contacts WHERE id = ${existing.id}::uuid AND org_id = ${principal.orgId}::uuid FOR UPDATE`;
      if (!locked) throw notFound("Contact"); // deleted meanwhile
      const updated = await tx.contact.update({
        where: { id: existing.id },
        data: {
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(changes ? { properties: mergeProperties(locked.properties, changes) } : {}),
          ...(statusChanged
            ? {
                subscriptionStatus: input.subscriptionStatus,
                unsubscribedAt: input.subscriptionStatus === "unsubscribed" ? new Date() : null,
              }
            : {}),
        },
      });
      await audit(principal, "contact.updated", updated, tx, {
        changes: Object.keys(input),
        ...(input.email !== undefined && input.email !== existing.email ? { previousEmail: existing.email } : {}),
        ...(statusChanged ? { subscriptionStatus: updated.subscriptionStatus } : {}),
      });
      return updated;
    });
    return detail(c);
  } catch (err) {
    if (isUniqueViolation(err) && input.email !== undefined) throw emailTaken(input.email);
    throw err;
  }
}

/** Deletes it with its list memberships; its sent messages keep their history. */
export async function deleteContact({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getContactRowOrThrow({ orgId: principal.orgId, id });
  await db().$transaction(async (tx) => {
    const { count } = await tx.contact.deleteMany({ where: { id: existing.id, orgId: principal.orgId } });
    if (count === 0) throw notFound("Contact"); // deleted meanwhile
    await audit(principal, "contact.deleted", existing, tx);
  });
  return { id: existing.id, deleted: true as const };
}

/** Deletes the contact by erasing its address everywhere in the organization (lib/privacy/erase-address.ts); no entry names the address. */
export async function eraseContact({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getContactRowOrThrow({ orgId: principal.orgId, id });
  const erasure = await eraseAddress({ principal, email: existing.email, contactId: existing.id });
  return { id: existing.id, deleted: true as const, erasure };
}
