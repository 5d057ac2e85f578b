// An organization's contact property definitions: each key has one type, and every value is
// checked against it. Deleting a definition removes its key from every contact in the same
// transaction, so a key recreated later with another type never meets stale values.
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { MAX_PROPERTIES, type CreatePropertyInput } from "@/lib/contacts/schemas";
import type { PropertyType } from "@/lib/contacts/property-values";
import type { ContactProperty, Prisma } from "@/lib/generated/prisma/client";

const view = (p: ContactProperty) => ({ key: p.key, type: p.type as PropertyType, createdAt: p.createdAt });

const audit = (
  principal: Principal,
  action: string,
  p: ContactProperty,
  tx: Prisma.TransactionClient,
  metadata: Prisma.InputJsonObject = {},
) =>
  recordAudit(
    {
      orgId: principal.orgId,
      ...actorOf(principal),
      action,
      targetType: "contact_property",
      targetId: p.id,
      metadata: { key: p.key, type: p.type, ...metadata },
    },
    tx,
  );

export async function listProperties({ orgId }: { orgId: string }) {
  const rows = await db().contactProperty.findMany({ where: { orgId }, orderBy: [{ key: "asc" }] });
  return rows.map(view);
}

/** The organization's property types by key. */
export async function propertyTypes(orgId: string): Promise<Map<string, PropertyType>> {
  return new Map((await listProperties({ orgId })).map((p) => [p.key, p.type]));
}

export async function createProperty({ principal, input }: { principal: Principal; input: CreatePropertyInput }) {
  try {
    const p = await db().$transaction(async (tx) => {
      if ((await tx.contactProperty.count({ where: { orgId: principal.orgId } })) >= MAX_PROPERTIES) {
        throw new AppError("VALIDATION_ERROR", `An organization has at most ${MAX_PROPERTIES} contact properties`, [
          { path: "body.key", message: "too many properties" },
        ]);
      }
      const created = await tx.contactProperty.create({ data: { orgId: principal.orgId, key: input.key, type: input.type } });
      await audit(principal, "contact_property.created", created, tx);
      return created;
    });
    return view(p);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", `A contact property "${input.key}" already exists`);
    throw err;
  }
}

export async function deleteProperty({ principal, key }: { principal: Principal; key: string }) {
  const existing = await db().contactProperty.findUnique({ where: { orgId_key: { orgId: principal.orgId, key } } });
  if (!existing) throw notFound("Contact property");
  const contactsUpdated = await db().$transaction(async (tx) => {
    const { count } = await tx.contactProperty.deleteMany({ where: { id: existing.id, orgId: principal.orgId } });
    if (count === 0) throw notFound("Contact property"); // deleted meanwhile
    const updated = await tx.$executeRaw`
      UPDATE contacts SET properties = properties - ${key}::text, updated_at = now()
      WHERE org_id = ${principal.orgId}::uuid AND properties ? ${key}::text`;
    await audit(principal, "contact_property.deleted", existing, tx, { contactsUpdated: updated });
    return updated;
  });
  return { key, deleted: true as const, contactsUpdated };
}
