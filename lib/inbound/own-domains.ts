// The organization's own domains, and the address a message reached it at.
import { db } from "@/lib/db/client";
import { domainOf } from "@/lib/inbound/inbound-domains";
import type { InboundMessage } from "@/lib/generated/prisma/client";

export async function ownDomains(orgId: string): Promise<Set<string>> {
  return new Set((await db().domain.findMany({ where: { orgId }, select: { name: true } })).map((d) => d.name));
}

export const isOwnAddress = (own: Set<string>, address: string) => own.has(domainOf(address));

/**
 * Forwards, auto-replies and replies are sent from the address the message arrived at, unless
 * they name another; undefined (the send's default sender) when it did not arrive at one of the
 * organization's domains (a provider's inbound route needs none).
 */
export async function receivingAddress(m: InboundMessage, own?: Set<string>): Promise<string | undefined> {
  const domains = own ?? (await ownDomains(m.orgId));
  return [...m.envelopeTo, ...m.toAddresses, ...m.ccAddresses].find((a) => isOwnAddress(domains, a));
}
