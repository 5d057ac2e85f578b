// Domains added for inbound mail (or before sending domains existed) get their DKIM key the
// first time their records are shown or checked, and their organization's senders at their name
// are linked to them then. Two requests racing both generate one; only the first is stored (the
// update requires the key still missing), and both return that.
import { db } from "@/lib/db/client";
import { generateDkimKey } from "@/lib/domains/dkim-key";
import { returnPathHostFor } from "@/lib/domains/dns-records";
import { linkSenders } from "@/lib/domains/link-senders";
import { RECHECK_MS } from "@/lib/domains/decide-status";
import type { Domain } from "@/lib/generated/prisma/client";

export async function ensureDkimKey(domain: Domain): Promise<Domain> {
  if (domain.dkimPrivateKeySealed && domain.dkimSelector && domain.dkimPublicKey && domain.returnPathHost) return domain;
  if (!domain.dkimPrivateKeySealed || !domain.dkimSelector || !domain.dkimPublicKey) {
    const key = await generateDkimKey();
    const { count } = await db().domain.updateMany({
      where: { id: domain.id, dkimPrivateKeySealed: null },
      data: {
        dkimSelector: key.selector,
        dkimPublicKey: key.publicKey,
        dkimPrivateKeySealed: key.privateKeySealed,
        nextCheckAt: domain.nextCheckAt ?? new Date(Date.now() + RECHECK_MS.pending),
      },
    });
    // Now a sending domain: the senders added before it was (at its name) are its own.
    if (count === 1) await linkSenders(db(), domain);
  }
  if (!domain.returnPathHost)
    await db().domain.updateMany({
      where: { id: domain.id, returnPathHost: null },
      data: { returnPathHost: returnPathHostFor(domain.name) },
    });
  return (await db().domain.findUnique({ where: { id: domain.id } })) ?? domain;
}

export const ensureDkimKeys = (domains: Domain[]) => Promise.all(domains.map(ensureDkimKey));
