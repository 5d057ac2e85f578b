// The domains an organization receives mail for. A domain belongs to one organization; mail
// to any address at it is that organization's. Every change is audited.
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertNotInstanceDomain, instanceDomainOf } from "@/lib/system-mail/system-from";

export const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/** For each address, the organization receiving mail for its domain (addresses at no such domain are left out). */
export async function organizationsFor(addresses: string[]): Promise<Map<string, string>> {
  const domains = [...new Set(addresses.map(domainOf))];
  if (domains.length === 0) return new Map();
  const rows = await db().domain.findMany({ where: { name: { in: domains }, inboundEnabled: true }, select: { name: true, orgId: true } });
  // Never the instance's own domains, whatever rows say (one added before they were kept from tenants).
  const byDomain = new Map(rows.filter((r) => !instanceDomainOf(r.name)).map((r) => [r.name, r.orgId]));
  return new Map(addresses.flatMap((a) => (byDomain.has(domainOf(a)) ? [[a, byDomain.get(domainOf(a))!] as const] : [])));
}

export async function listDomains(orgId: string) {
  return db().domain.findMany({ where: { orgId }, orderBy: [{ name: "asc" }] });
}

export async function addDomain({ principal, name, inboundEnabled }: { principal: Principal; name: string; inboundEnabled: boolean }) {
  assertNotInstanceDomain(name, "body.name");
  try {
    return await db().$transaction(async (tx) => {
      const domain = await tx.domain.create({ data: { orgId: principal.orgId, name, inboundEnabled } });
      await recordAudit(
        {
          orgId: principal.orgId,
          ...actorOf(principal),
          action: "domain.created",
          targetType: "domain",
          targetId: domain.id,
          metadata: { name },
        },
        tx,
      );
      return domain;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", `${name} is already in use`);
    throw err;
  }
}

export async function updateDomain({ principal, id, inboundEnabled }: { principal: Principal; id: string; inboundEnabled: boolean }) {
  return db().$transaction(async (tx) => {
    const found = await tx.domain.findFirst({ where: { id, orgId: principal.orgId } });
    if (!found) throw notFound("Domain");
    const domain = await tx.domain.update({ where: { id }, data: { inboundEnabled } });
    await recordAudit(
      {
        orgId: principal.orgId,
        ...actorOf(principal),
        action: "domain.updated",
        targetType: "domain",
        targetId: id,
        metadata: { name: domain.name, inboundEnabled },
      },
      tx,
    );
    return domain;
  });
}

export async function removeDomain({ principal, id }: { principal: Principal; id: string }) {
  return db().$transaction(async (tx) => {
    const found = await tx.domain.findFirst({ where: { id, orgId: principal.orgId } });
    if (!found) throw notFound("Domain");
    await tx.domain.delete({ where: { id } });
    await recordAudit(
      {
        orgId: principal.orgId,
        ...actorOf(principal),
        action: "domain.deleted",
        targetType: "domain",
        targetId: id,
        metadata: { name: found.name },
      },
      tx,
    );
    return { deleted: true };
  });
}
