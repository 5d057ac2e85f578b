// The address a message reached the organization at: forwards, auto-replies and replies are
// sent from it unless they name another; undefined (the send's default sender) when it did not
// arrive at one of the organization's domains (a provider's inbound route needs none).
import { db } from "@/lib/db/client";
import { domainOf } from "@/lib/inbound/inbound-domains";
import type { InboundMessage } from "@/lib/generated/prisma/client";

export async function receivingAddress(m: InboundMessage): Promise<string | undefined> {
  const candidates = [...m.envelopeTo, ...m.toAddresses, ...m.ccAddresses];
  const own = new Set((await db().domain.findMany({ where: { orgId: m.orgId }, select: { name: true } })).map((d) => d.name));
  return candidates.find((a) => own.has(domainOf(a)));
}
