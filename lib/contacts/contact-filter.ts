// The WHERE clause of a contact search (list, export): the organization, ?q over email and
// name, ?subscriptionStatus, ?listId and typed property filters. Equality uses JSON containment
// (properties @> {"plan":"pro"}), which the GIN index on properties serves; gt/gte/lt/lte
// compare numbers as numbers and dates as their normalized UTC text.
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { likePattern } from "@/lib/db/like-pattern";
import type { FieldIssue } from "@/lib/errors/app-error";
import { parseTextValue } from "@/lib/contacts/property-values";
import { propertyTypes } from "@/lib/contacts/manage-properties";
import { UNKNOWN_PROPERTY, invalidFields } from "@/lib/contacts/check-properties";
import type { ContactFilterQuery, FilterOp } from "@/lib/contacts/schemas";

// Fixed SQL per operator: never built from the request's text.
const COMPARE: Record<Exclude<FilterOp, "eq">, Prisma.Sql> = {
  gt: Prisma.raw(">"),
  gte: Prisma.raw(">="),
  lt: Prisma.raw("<"),
  lte: Prisma.raw("<="),
};

/** Conditions on contacts aliased `c`. Bad filters are a 400 naming the query parameter. */
export async function contactWhere(orgId: string, filter: ContactFilterQuery): Promise<Prisma.Sql> {
  const parts: Prisma.Sql[] = [Prisma.sql`c.org_id = ${orgId}::uuid`];
  const issues: FieldIssue[] = [];
  if (filter.q) {
    parts.push(Prisma.sql`(c.email LIKE ${likePattern(filter.q.toLowerCase())} OR c.name ILIKE ${likePattern(filter.q)})`);
  }
  if (filter.subscriptionStatus) parts.push(Prisma.sql`c.subscription_status = ${filter.subscriptionStatus}`);
  if (filter.listId) {
    const list = await db().contactList.findFirst({ where: { id: filter.listId, orgId }, select: { id: true } });
    if (!list) issues.push({ path: "query.listId", message: "no such list" });
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM contact_list_members m WHERE m.list_id = ${filter.listId}::uuid AND m.contact_id = c.id)`);
  }
  const types = filter.properties.length ? await propertyTypes(orgId) : new Map();
  for (const f of filter.properties) {
    const path = `query.${f.param}`;
    const type = types.get(f.key);
    if (!type) {
      issues.push({ path, message: UNKNOWN_PROPERTY });
      continue;
    }
    const checked = parseTextValue(type, f.value);
    if ("error" in checked) {
      issues.push({ path, message: `${type} property: ${checked.error}` });
      continue;
    }
    if (f.op === "eq") {
      parts.push(Prisma.sql`c.properties @> ${JSON.stringify({ [f.key]: checked.value })}::jsonb`);
    } else if (type === "number") {
      parts.push(
        Prisma.sql`(jsonb_typeof(c.properties -> ${f.key}::text) = 'number' AND c.properties -> ${f.key}::text ${COMPARE[f.op]} to_jsonb(${checked.value}::numeric))`,
      );
    } else if (type === "date") {
      parts.push(
        Prisma.sql`(jsonb_typeof(c.properties -> ${f.key}::text) = 'string' AND (c.properties ->> ${f.key}::text) COLLATE "C" ${COMPARE[f.op]} ${checked.value}::text COLLATE "C")`,
      );
    } else {
      issues.push({ path, message: `${f.op} compares numbers and dates; a ${type} property takes only eq` });
    }
  }
  if (issues.length) throw invalidFields(issues);
  return Prisma.join(parts, " AND ");
}
