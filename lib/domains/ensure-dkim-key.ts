// Domains added for inbound mail (or before sending domains existed) get their DKIM key the
// first time their records are shown or checked. Two requests racing both generate one; only
// the first is stored (the update requires the key still missing), and both return that.
import { db } from "@/lib/db/client";
import { generateDkimKey } from "@/lib/domains/dkim-key";
import { returnPathHostFor } from "@/lib/domains/dns-records";
import { RECHECK_MS } from "@/lib/domains/decide-status";
import type { Domain } from "@/lib/generated/prisma/client";

export async function ensureDkimKey(domain: Domain): Promise<Domain> {
  if (domain.dkimPrivateKeySealed && domain.dkimSelector && domain.dkimPublicKey && domain.returnPathHost) return domain;
  if (!domain.dkimPrivateKeySealed || !domain.dkimSelector || !domain.dkimPublicKey) {
    const key = await generateDkimKey();
    await db().domain.updateMany({
      where: { id: domain.id, dkimPrivateKeySealed: null },
      data: { dkimSelector: key.selector, dkimPublicKey: key.publicKey, dkimPrivateKeySealed: key.privateKeySealed, nextCheckAt: domain.nextCheckAt ?? new Date(Date.now() + RECHECK_MS.pending) },
    });
  }
  if (!domain.returnPathHost) await db().domain.updateMany({ where: { id: domain.id, returnPathHost: null }, data: { returnPathHost: returnPathHostFor(domain.name) } });
  return (await db().domain.findUnique({ where: { id: domain.id } })) ?? domain;
}

export const ensureDkimKeys = (domains: Domain[]) => Promise.all(domains.map(ensureDkimKey));
